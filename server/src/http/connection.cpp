#include "http/connection.hpp"

#include <boost/asio/post.hpp>
#include <vector>

namespace landing::http {

void connection::close() {
  boost::system::error_code ignored;
  socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

bool server_state::admit(const std::shared_ptr<connection>& conn) {
  const std::lock_guard lock(mutex_);
  if (live_.size() >= max_connections) return false;
  live_.emplace(conn.get(), conn);
  return true;
}

void server_state::release(const connection* conn) {
  const std::lock_guard lock(mutex_);
  live_.erase(conn);
}

void server_state::close_idle() {
  std::vector<std::shared_ptr<connection>> alive;
  {
    const std::lock_guard lock(mutex_);
    for (const auto& [key, weak] : live_) {
      if (auto conn = weak.lock()) alive.push_back(std::move(conn));
    }
  }
  for (auto& conn : alive) {
    // The idle flag and the socket belong to the connection's io_context thread.
    boost::asio::post(conn->socket.get_executor(), [conn] {
      if (conn->idle) conn->close();
    });
  }
}

}  // namespace landing::http
