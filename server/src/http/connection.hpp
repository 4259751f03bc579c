#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "http/forwarded.hpp"
#include "http/handler.hpp"

namespace landing::http {

// Sessions name their io_context's executor type instead of the type-erased any_io_executor
// that Asio defaults to: every operation and coroutine frame then skips the erased executor's
// copies and indirect calls (callgrind, 304 answer: 12.8k instructions per request before, 11.9k
// after).
using executor = boost::asio::io_context::executor_type;
using socket_type = boost::asio::basic_stream_socket<boost::asio::ip::tcp, executor>;
template <class T>
using task = boost::asio::awaitable<T, executor>;
constexpr boost::asio::use_awaitable_t<executor> use_task;

// One accepted socket. Its members are touched only by the thread running its io_context, but
// for idle_since, which the acceptor reads to pick connections to close when near the cap.
struct connection {
  using clock = std::chrono::steady_clock;

  connection(socket_type s, boost::asio::ip::address from)
      : socket(std::move(s)), peer(std::move(from)) {}

  // The thread's deadline_watch closes the socket once this passes, which ends the pending
  // read or write with an error.
  void expires_after(clock::duration limit) { deadline = clock::now() + limit; }
  // While the server itself works on a request, the client is not on the clock.
  void expires_never() { deadline = clock::time_point::max(); }
  void set_idle(bool waiting) {
    idle_since.store(waiting ? clock::now().time_since_epoch().count() : 0,
                     std::memory_order_relaxed);
  }
  [[nodiscard]] bool idle() const { return idle_since.load(std::memory_order_relaxed) != 0; }
  void close();

  socket_type socket;
  boost::asio::ip::address peer;
  clock::time_point deadline = clock::time_point::max();
  // When the connection began waiting for a request (a head not yet complete counts as
  // waiting); 0 while a request is being handled or answered.
  std::atomic<clock::rep> idle_since{0};
  std::string head_buffer;  // response head, reused across requests
  // Picked by the acceptor to make room near the cap (guarded by server_state's mutex).
  bool picked_to_close = false;
};

// Shared by the listener and all sessions.
struct server_state {
  enum class admission { admitted, client_full, server_full };

  handler* app = nullptr;
  std::string security_headers;
  std::string editor_security_headers;  // for responses marked policy::editor
  std::size_t max_connections = 0;
  std::size_t max_per_client = 0;
  // Proxies: every client behind one shares its address, so the per-client cap skips them.
  std::vector<network> trusted_proxies;
  // SIGTERM seen: /healthz says so, the listener may still be open (the drain delay).
  std::atomic<bool> draining{false};
  // The listener is closed: each connection answers what it is reading, then closes.
  std::atomic<bool> stopping{false};

  // Near the cap (nine tenths of it), each new connection first closes the connections that
  // have waited longest for a request; at the cap, or past the per-client cap, it is refused.
  admission admit(const std::shared_ptr<connection>& conn);
  void release(const connection* conn);
  // Gives every idle connection at most `grace` more to bring a request (a proxy may be sending
  // one on it right now); busy ones close after their current answer.
  void close_idle(std::chrono::steady_clock::duration grace);
  // Closes up to `count` of the connections idle the longest; returns how many it picked.
  std::size_t close_oldest_idle(std::size_t count);
  [[nodiscard]] std::size_t live();

 private:
  std::size_t close_oldest_idle_locked(std::size_t count);
  std::mutex mutex_;
  std::unordered_map<const connection*, std::weak_ptr<connection>> live_;
  std::unordered_map<boost::asio::ip::address, std::size_t> per_client_;
  // Connections picked to make room whose close has not reached release() yet: the close runs
  // on their own threads, and on a busy machine it can lag a burst of new connections. Counted
  // as gone, so the burst is not refused for room that is already being made.
  std::size_t closing_ = 0;
};

// Writes a short answer with no body and closes the socket, without waiting: for connections
// refused before any request is read.
void refuse(int fd, unsigned status);

}  // namespace landing::http
