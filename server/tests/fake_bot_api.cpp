#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "support.hpp"

namespace landing::testing {
namespace {

std::string read_request(int fd) {
  std::string data;
  char chunk[4096];
  std::size_t need = std::string::npos;
  while (need == std::string::npos || data.size() < need) {
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, 5000) <= 0) break;
    const auto got = ::read(fd, chunk, sizeof chunk);
    if (got <= 0) break;
    data.append(chunk, static_cast<std::size_t>(got));
    const auto end = data.find("\r\n\r\n");
    if (need == std::string::npos && end != std::string::npos) {
      std::size_t length = 0;
      const auto at = data.find("Content-Length: ");
      if (at != std::string::npos && at < end) length = std::stoul(data.substr(at + 16));
      need = end + 4 + length;
    }
  }
  return data;
}

void reply(int fd, int status, const std::string& body) {
  const std::string text =
      "HTTP/1.1 " + std::to_string(status) +
      " X\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
      "\r\nConnection: close\r\n\r\n" + body;
  const auto ignored = ::write(fd, text.data(), text.size());
  (void)ignored;
}

}  // namespace

fake_bot_api::fake_bot_api() {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::listen(listen_fd_, 16) != 0 ||
      ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("fake Bot API cannot listen");
  }
  port_ = ntohs(address.sin_port);
  thread_ = std::thread([this] { serve(); });
}

fake_bot_api::~fake_bot_api() {
  stopping_ = true;
  thread_.join();
  ::close(listen_fd_);
}

void fake_bot_api::script(std::vector<step> steps) {
  const std::lock_guard lock(mutex_);
  script_ = std::move(steps);
}

void fake_bot_api::otherwise(answer kind) {
  const std::lock_guard lock(mutex_);
  otherwise_ = kind;
}

std::size_t fake_bot_api::delivered_containing(const std::string& text) const {
  const std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(requests_.begin(), requests_.end(), [&](const bot_request& request) {
        return request.answered_ok && request.body.find(text) != std::string::npos;
      }));
}

std::string fake_bot_api::base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

std::vector<bot_request> fake_bot_api::requests() const {
  const std::lock_guard lock(mutex_);
  return requests_;
}

bool fake_bot_api::wait_for(std::size_t n, std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (requests().size() >= n) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return requests().size() >= n;
}

void fake_bot_api::serve() {
  while (!stopping_) {
    pollfd ready{listen_fd_, POLLIN, 0};
    if (poll(&ready, 1, 50) <= 0) continue;
    const int fd = ::accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) continue;
    const auto text = read_request(fd);
    const auto line_end = text.find(' ', 5);
    step next{answer::ok};
    {
      const std::lock_guard lock(mutex_);
      const auto body_at = text.find("\r\n\r\n");
      requests_.push_back(
          {std::chrono::steady_clock::now(),
           text.size() > 5 ? text.substr(5, line_end - 5) : std::string(),
           body_at == std::string::npos ? std::string() : text.substr(body_at + 4)});
      next = step{otherwise_};
      if (!script_.empty()) {
        next = script_.front();
        script_.erase(script_.begin());
      }
      requests_.back().answered_ok = next.kind == answer::ok;
    }
    switch (next.kind) {
      case answer::ok:
        reply(fd, 200, R"({"ok":true,"result":{"message_id":1}})");
        break;
      case answer::too_many_requests:
        reply(fd, 429,
              R"({"ok":false,"error_code":429,"description":"Too Many Requests: retry after )" +
                  std::to_string(next.retry_after) + R"(","parameters":{"retry_after":)" +
                  std::to_string(next.retry_after) + "}}");
        break;
      case answer::server_error:
        reply(fd, 500, R"({"ok":false,"error_code":500,"description":"Internal Server Error"})");
        break;
      case answer::bad_request:
        reply(fd, 400,
              R"({"ok":false,"error_code":400,"description":"Bad Request: chat not found"})");
        break;
      case answer::raw:
        reply(fd, next.status, next.body);
        break;
      case answer::endless:
      case answer::trickle: {
        const std::string head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            "100000000\r\n\r\n";
        if (::write(fd, head.data(), head.size()) < 0) break;
        const std::string chunk(next.kind == answer::endless ? 65536 : 1, ' ');
        while (!stopping_) {
          if (::send(fd, chunk.data(), chunk.size(), MSG_NOSIGNAL) <= 0) break;
          if (next.kind == answer::trickle) {
            pollfd wait{fd, POLLIN, 0};
            if (poll(&wait, 1, 1000) > 0) break;  // the client gave up and closed
          }
        }
        break;
      }
      case answer::hang: {
        // Say nothing until the client gives up and closes.
        char sink[256];
        pollfd wait{fd, POLLIN, 0};
        while (!stopping_ && poll(&wait, 1, 50) >= 0) {
          if ((wait.revents & POLLIN) && ::read(fd, sink, sizeof sink) <= 0) break;
        }
        break;
      }
    }
    ::close(fd);
  }
}

}  // namespace landing::testing
