#include "tcp_cutter.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

namespace landing::testing {

tcp_cutter::tcp_cutter(const std::filesystem::path& socket_dir) {
  for (const auto& entry : std::filesystem::directory_iterator(socket_dir)) {
    const auto name = entry.path().filename().string();
    if (name.starts_with(".s.PGSQL.") && !name.ends_with(".lock")) socket_path_ = entry.path();
  }
  if (socket_path_.empty())
    throw std::runtime_error("no PostgreSQL socket in " + socket_dir.string());
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::listen(listener_, 64) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error(std::string("tcp_cutter: ") + std::strerror(errno));
  }
  port_ = ntohs(address.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

tcp_cutter::~tcp_cutter() {
  stopping_ = true;
  ::shutdown(listener_, SHUT_RDWR);
  cut();
  acceptor_.join();
  for (auto& each : threads_) each.join();
  ::close(listener_);
}

std::string tcp_cutter::through(const std::string& uri) const {
  // "postgresql://user:password@/name?host=/dir" ->
  // "postgresql://user:password@127.0.0.1:port/name"
  const auto at = uri.find("@/");
  const auto query = uri.find('?', at);
  return uri.substr(0, at + 1) + "127.0.0.1:" + std::to_string(port_) +
         uri.substr(at + 1, query - at - 1);
}

void tcp_cutter::cut() {
  const std::lock_guard lock(mutex_);
  for (const int fd : open_) ::shutdown(fd, SHUT_RDWR);
}

void tcp_cutter::accept_loop() {
  while (!stopping_) {
    const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0) {
      if (stopping_) return;
      continue;
    }
    const int upstream = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, socket_path_.c_str(), sizeof address.sun_path - 1);
    if (::connect(upstream, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      ::close(client);
      ::close(upstream);
      continue;
    }
    const std::lock_guard lock(mutex_);
    open_.insert(open_.end(), {client, upstream});
    threads_.emplace_back([this, client, upstream] { pump(client, upstream); });
  }
}

void tcp_cutter::pump(int client, int upstream) {
  std::array<pollfd, 2> fds{{{client, POLLIN, 0}, {upstream, POLLIN, 0}}};
  std::array<char, 16384> buffer{};
  for (;;) {
    if (::poll(fds.data(), fds.size(), 200) < 0) break;
    if (stopping_) break;
    bool done = false;
    for (std::size_t i = 0; i < 2 && !done; ++i) {
      if (fds[i].revents == 0) continue;
      const auto got = ::read(fds[i].fd, buffer.data(), buffer.size());
      if (got <= 0) {
        done = true;
        break;
      }
      const int to = fds[1 - i].fd;
      for (ssize_t sent = 0; sent < got;) {
        const auto wrote = ::write(to, buffer.data() + sent, static_cast<std::size_t>(got - sent));
        if (wrote <= 0) {
          done = true;
          break;
        }
        sent += wrote;
      }
    }
    if (done) break;
  }
  const std::lock_guard lock(mutex_);
  std::erase(open_, client);
  std::erase(open_, upstream);
  ::close(client);
  ::close(upstream);
}

}  // namespace landing::testing
