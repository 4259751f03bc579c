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

std::string method_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A number in a JSON body ("offset":12); `fallback` when absent.
std::int64_t number_in(const std::string& body, const std::string& key, std::int64_t fallback) {
  const auto at = body.find("\"" + key + "\":");
  if (at == std::string::npos) return fallback;
  try {
    return std::stoll(body.substr(at + key.size() + 3));
  } catch (const std::exception&) {
    return fallback;  // a string ("@channel")
  }
}

}  // namespace

fake_bot_api::fake_bot_api() {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::listen(listen_fd_, 64) != 0 ||
      ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("fake Bot API cannot listen");
  }
  port_ = ntohs(address.sin_port);
  thread_ = std::thread([this] { serve(); });
}

fake_bot_api::~fake_bot_api() {
  stopping_ = true;
  thread_.join();
  for (auto& each : connections_) each.join();
  ::close(listen_fd_);
}

void fake_bot_api::script(std::vector<step> steps) {
  const std::lock_guard lock(mutex_);
  script_ = std::move(steps);
}

void fake_bot_api::script_updates(std::vector<step> steps) {
  const std::lock_guard lock(mutex_);
  updates_script_ = std::move(steps);
}

void fake_bot_api::otherwise(answer kind) {
  const std::lock_guard lock(mutex_);
  otherwise_ = kind;
}

std::int64_t fake_bot_api::inject(const std::string& update) {
  const std::lock_guard lock(mutex_);
  const auto id = next_update_id_++;
  updates_.emplace_back(id, "{\"update_id\":" + std::to_string(id) + "," + update.substr(1));
  return id;
}

std::int64_t fake_bot_api::last_offset() const {
  const std::lock_guard lock(mutex_);
  return last_offset_;
}

std::size_t fake_bot_api::delivered_containing(const std::string& text) const {
  const auto sent = requests();
  return static_cast<std::size_t>(std::count_if(sent.begin(), sent.end(), [&](const auto& request) {
    return request.answered_ok && request.body.find(text) != std::string::npos;
  }));
}

std::int64_t fake_bot_api::message_id_carrying(const std::string& text) const {
  for (const auto& request : requests()) {
    if (request.answered_ok && request.body.find(text) != std::string::npos)
      return request.message_id;
  }
  return 0;
}

std::string fake_bot_api::base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

std::vector<bot_request> fake_bot_api::calls(const std::string& method) const {
  const std::lock_guard lock(mutex_);
  std::vector<bot_request> out;
  for (const auto& request : requests_) {
    if (method_of(request.path) == method) out.push_back(request);
  }
  return out;
}

std::vector<bot_request> fake_bot_api::requests() const { return calls("sendMessage"); }

bool fake_bot_api::wait_for_calls(const std::string& method, std::size_t n,
                                  std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (calls(method).size() >= n) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return calls(method).size() >= n;
}

bool fake_bot_api::wait_for(std::size_t n, std::chrono::milliseconds timeout) const {
  return wait_for_calls("sendMessage", n, timeout);
}

void fake_bot_api::serve() {
  while (!stopping_) {
    pollfd ready{listen_fd_, POLLIN, 0};
    if (poll(&ready, 1, 50) <= 0) continue;
    const int fd = ::accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) continue;
    connections_.emplace_back([this, fd] { answer_connection(fd); });
  }
}

void fake_bot_api::answer_connection(int fd) {
  const auto text = read_request(fd);
  const auto line_end = text.find(' ', 5);
  const auto path = text.size() > 5 ? text.substr(5, line_end - 5) : std::string();
  const auto body_at = text.find("\r\n\r\n");
  const auto body = body_at == std::string::npos ? std::string() : text.substr(body_at + 4);
  const auto method = method_of(path);
  step next{answer::ok};
  std::string ok_body = R"({"ok":true,"result":true})";
  {
    const std::lock_guard lock(mutex_);
    requests_.push_back({std::chrono::steady_clock::now(), path, body});
    auto& own_script = method == "getUpdates" ? updates_script_ : script_;
    const bool scripted = method != "answerCallbackQuery";
    next = step{scripted && method != "getUpdates" ? otherwise_ : answer::ok};
    if (scripted && !own_script.empty()) {
      next = own_script.front();
      own_script.erase(own_script.begin());
    }
    requests_.back().answered_ok = next.kind == answer::ok;
    if (method == "sendMessage" && next.kind == answer::ok) {
      requests_.back().message_id = next_message_id_;
      ok_body = R"({"ok":true,"result":{"message_id":)" + std::to_string(next_message_id_++) +
                R"(,"chat":{"id":)" + std::to_string(number_in(body, "chat_id", 0)) + "}}}";
    }
  }
  if (method == "getUpdates" && next.kind == answer::ok) {
    // Telegram's long poll, shortened: the updates from the offset on, or none after a while.
    const auto offset = number_in(body, "offset", 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    for (;;) {
      {
        const std::lock_guard lock(mutex_);
        last_offset_ = offset;
        std::erase_if(updates_, [&](const auto& each) { return each.first < offset; });
        if (!updates_.empty() || std::chrono::steady_clock::now() >= deadline || stopping_) {
          ok_body = R"({"ok":true,"result":[)";
          for (std::size_t i = 0; i < updates_.size(); ++i) {
            ok_body += (i ? "," : "") + updates_[i].second;
          }
          ok_body += "]}";
          break;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  switch (next.kind) {
    case answer::ok:
      reply(fd, 200, ok_body);
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

}  // namespace landing::testing
