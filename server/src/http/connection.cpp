#include "http/connection.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <string>

#include "http/response.hpp"

namespace landing::http {
namespace {

// FIONREAD needs no descriptor, so this answers even when the process is out of them.
bool request_arriving(connection& conn) {
  boost::system::error_code ec;
  return conn.socket.available(ec) > 0 && !ec;
}

}  // namespace

void connection::close() {
  boost::system::error_code ignored;
  socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

server_state::admission server_state::admit(const std::shared_ptr<connection>& conn) {
  const std::lock_guard lock(mutex_);
  if (live_.size() - closing_ >= max_connections - max_connections / 10) {
    close_oldest_idle_locked(std::max<std::size_t>(1, max_connections / 64));
  }
  // Room being made is counted as made, up to a tenth over the cap, which the descriptors
  // spared beside the cap absorb.
  if (live_.size() - closing_ >= max_connections ||
      live_.size() >= max_connections + max_connections / 10) {
    return admission::server_full;
  }
  const bool proxy = contains(trusted_proxies, conn->peer);
  if (!proxy) {
    auto& count = per_client_[conn->peer];
    if (count >= max_per_client) return admission::client_full;
    ++count;
  }
  live_.emplace(conn.get(), conn);
  return admission::admitted;
}

void server_state::release(const connection* conn) {
  const std::lock_guard lock(mutex_);
  live_.erase(conn);
  if (conn->picked_to_close) --closing_;
  if (const auto found = per_client_.find(conn->peer); found != per_client_.end()) {
    if (--found->second == 0) per_client_.erase(found);
  }
}

std::size_t server_state::live() {
  const std::lock_guard lock(mutex_);
  return live_.size();
}

void server_state::close_idle(std::chrono::steady_clock::duration grace) {
  std::vector<std::shared_ptr<connection>> alive;
  {
    const std::lock_guard lock(mutex_);
    for (const auto& [key, weak] : live_) {
      if (auto conn = weak.lock()) alive.push_back(std::move(conn));
    }
  }
  for (auto& conn : alive) {
    // The socket belongs to the connection's io_context thread.
    boost::asio::post(conn->socket.get_executor(), [conn, grace] {
      if (conn->idle()) conn->deadline = std::min(conn->deadline, connection::clock::now() + grace);
    });
  }
}

std::size_t server_state::close_oldest_idle(std::size_t count) {
  const std::lock_guard lock(mutex_);
  return close_oldest_idle_locked(count);
}

std::size_t server_state::close_oldest_idle_locked(std::size_t count) {
  std::vector<std::pair<connection::clock::rep, std::shared_ptr<connection>>> idle;
  for (const auto& [key, weak] : live_) {
    auto conn = weak.lock();
    if (!conn || conn->picked_to_close) continue;
    if (const auto since = conn->idle_since.load(std::memory_order_relaxed); since != 0) {
      idle.emplace_back(since, std::move(conn));
    }
  }
  count = std::min(count, idle.size());
  std::nth_element(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(count), idle.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < count; ++i) {
    auto conn = std::move(idle[i].second);
    const auto since = idle[i].first;
    conn->picked_to_close = true;
    ++closing_;
    // Closed only if it is still waiting for the same request by the time its thread looks, and
    // none of that request has arrived yet: bytes in the socket are a request the client has
    // sent (a new connection's first one, often), which a close would lose.
    boost::asio::post(conn->socket.get_executor(), [this, conn, since] {
      if (conn->idle_since.load(std::memory_order_relaxed) == since && !request_arriving(*conn)) {
        conn->close();
        return;
      }
      // Its request came meanwhile and it lives on: no longer room being made.
      const std::lock_guard lock(mutex_);
      if (conn->picked_to_close) {
        conn->picked_to_close = false;
        --closing_;
      }
    });
  }
  return count;
}

void refuse(int fd, unsigned status) {
  std::string answer = "HTTP/1.1 ";
  answer += std::to_string(status);
  answer += ' ';
  answer += reason_phrase(status);
  answer += "\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n";
  // One non-blocking attempt: a client that cannot take a few bytes at once gets nothing.
  [[maybe_unused]] const auto sent =
      ::send(fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

}  // namespace landing::http
