#include "http/deadlines.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/connection.hpp"

namespace landing::http {

boost::asio::awaitable<void> deadline_watch::run(const std::atomic<bool>& stopping) {
  boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
  for (;;) {
    timer.expires_after(tick);
    co_await timer.async_wait(boost::asio::as_tuple(boost::asio::use_awaitable));
    if (stopping.load() && watched_.empty()) co_return;
    const auto now = std::chrono::steady_clock::now();
    // Closing only queues the sessions' completions, so the set is not changed under the loop.
    for (auto* conn : watched_) {
      if (conn->deadline <= now) conn->close();
    }
  }
}

}  // namespace landing::http
