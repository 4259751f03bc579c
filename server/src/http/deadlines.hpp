#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <unordered_set>

namespace landing::http {

struct connection;

// The deadlines of one I/O thread's connections, enforced by one timer.
//
// Beast's tcp_stream arms a timer before every read and write and cancels it after, which
// costs a timer-queue insert, a removal and an extra handler run per operation: a quarter of
// the server's own instructions on a 304 answer (callgrind: 17.4k per request with it, 13.0k
// without). Here a deadline is only a time stored in the connection, and one timer per thread
// closes the connections whose time has passed. A deadline is therefore kept to within one
// tick, not to the microsecond.
class deadline_watch {
 public:
  static constexpr std::chrono::milliseconds tick{100};

  // A connection is watched while its entry lives: a session holds one for its whole life, so
  // the watch never sees a connection that is gone, however the session ends. Entries are made
  // and dropped on the watch's own thread.
  class entry {
   public:
    entry(deadline_watch& watch, connection& conn) : watch_(watch), conn_(conn) {
      watch_.watched_.insert(&conn_);
    }
    ~entry() { watch_.watched_.erase(&conn_); }
    entry(const entry&) = delete;
    entry& operator=(const entry&) = delete;

   private:
    deadline_watch& watch_;
    connection& conn_;
  };

  // Ticks on the calling coroutine's executor until `stopping` is set and no connection is
  // left, so the thread can then return. The timer lives in the coroutine, and so goes with
  // the io_context; the watch itself must outlive the sessions' coroutines, which may only be
  // destroyed with the io_context after a forced stop.
  boost::asio::awaitable<void> run(const std::atomic<bool>& stopping);

 private:
  std::unordered_set<connection*> watched_;
};

}  // namespace landing::http
