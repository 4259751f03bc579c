#include "http/session.hpp"

#include <sys/sendfile.h>
#include <sys/socket.h>

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cerrno>
#include <memory_resource>
#include <tuple>

#include "common/log.hpp"
#include "http/framing.hpp"
#include "http/limits.hpp"

namespace landing::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
constexpr auto use_tuple = asio::as_tuple(use_task);
using field_allocator = std::pmr::polymorphic_allocator<char>;

std::string_view view(boost::core::string_view text) { return {text.data(), text.size()}; }

// Bridges the callback-style async_handler into the coroutine: the result is posted back to
// the connection's io_context, and the pending work keeps io_context::run alive meanwhile.
template <class Token>
auto async_handle(handler& app, const request& req, Token&& token) {
  return asio::async_initiate<Token, void(response)>(
      [&app, &req](auto completion) {
        using completion_type = decltype(completion);
        struct pending {
          completion_type completion;
          decltype(asio::prefer(asio::get_associated_executor(completion),
                                asio::execution::outstanding_work.tracked)) work;
        };
        auto executor = asio::get_associated_executor(completion);
        auto state = std::make_shared<pending>(
            pending{std::move(completion),
                    asio::prefer(executor, asio::execution::outstanding_work.tracked)});
        app.handle_async(req, [state](response res) {
          auto target = state->work;
          asio::post(target, [state, res = std::move(res)]() mutable {
            state->completion(std::move(res));
          });
        });
      },
      token);
}

// The head goes out with MSG_MORE, so the kernel holds it back to share a packet with the start
// of the body, as nginx's tcp_nopush does; the body follows with sendfile(2), which takes the
// file's pages instead of copying a buffer of ours.
task<bool> send_head_and_file(connection& conn, std::string_view head, int fd, std::size_t offset,
                              std::size_t size) {
  std::size_t sent = 0;
  while (sent < head.size()) {
    const auto [ec, n] = co_await conn.socket.async_send(
        asio::buffer(head.data() + sent, head.size() - sent), MSG_MORE, use_tuple);
    if (ec) co_return false;
    sent += n;
  }
  // Asio made the descriptor non-blocking for its own reads already (the getter reads its
  // state, no syscall); sendfile relies on that to return EAGAIN instead of blocking the thread.
  if (!conn.socket.native_non_blocking()) {
    beast::error_code ec;
    conn.socket.native_non_blocking(true, ec);
    if (ec) co_return false;
  }
  auto position = static_cast<off_t>(offset);
  std::size_t left = size;
  while (left > 0) {
    const auto n = ::sendfile(conn.socket.native_handle(), fd, &position, left);
    if (n > 0) {
      left -= static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      const auto [wait_ec] =
          co_await conn.socket.async_wait(asio::socket_base::wait_write, use_tuple);
      if (wait_ec) co_return false;
    } else {
      co_return false;  // the peer left, or the deadline watch closed the socket
    }
  }
  co_return true;
}

task<bool> write_response(connection& conn, const server_state& state, const response& res,
                          bool keep_alive, bool head_only, bool announce_keep_alive = false) {
  const auto& security =
      res.security == policy::editor ? state.editor_security_headers : state.security_headers;
  serialize_head(conn.head_buffer, res, keep_alive, security, announce_keep_alive);
  const std::string& head = conn.head_buffer;
  const auto body = head_only ? std::string_view{} : res.body();
  conn.expires_after(limits::write_deadline);
  bool sent = false;
  if (res.file_fd() >= 0 && !body.empty()) {
    sent = co_await send_head_and_file(conn, head, res.file_fd(), res.file_offset(), body.size());
  } else {
    const std::array<asio::const_buffer, 2> buffers{asio::buffer(head),
                                                    asio::buffer(body.data(), body.size())};
    const auto [ec, written] = co_await asio::async_write(conn.socket, buffers, use_tuple);
    sent = !ec;
  }
  conn.expires_never();
  co_return sent;
}

// An answer the HTTP layer gives by itself, before any handler sees the request; the connection
// closes after it.
task<void> refuse_request(connection& conn, const server_state& state, std::string_view target,
                          response res) {
  state.app->answered(target, res.status);
  co_await write_response(conn, state, res, false, false);
}

response plain(unsigned status, std::string_view text) {
  return text_response(status, "text/plain; charset=utf-8", std::string(text) + "\n");
}

// The peer left or a deadline closed the socket: nothing to answer.
bool connection_gone(const beast::error_code& ec) {
  return ec == beast::http::error::end_of_stream || ec == asio::error::operation_aborted ||
         ec == asio::error::connection_reset || ec == asio::error::bad_descriptor ||
         ec == asio::error::eof || ec == asio::error::broken_pipe ||
         ec == beast::http::error::partial_message;
}

}  // namespace

task<void> run_session(std::shared_ptr<connection> conn, server_state& state,
                       deadline_watch& deadlines) {
  const deadline_watch::entry watched(deadlines, *conn);
  const std::string peer = conn->peer.to_string();
  beast::flat_buffer buffer;
  // The parser's header fields are carved from this, released before each request: a request
  // costs no heap allocation per header line.
  std::array<std::byte, 4096> arena_storage;
  std::pmr::monotonic_buffer_resource arena(arena_storage.data(), arena_storage.size());
  // Reused across the connection's requests to spare an allocation each.
  request req;
  req.headers.reserve(16);
  bool first = true;
  for (;;) {
    conn->set_idle(true);
    // Draining does not close a connection that waits for a request: the client may be sending
    // one this instant. It gets limits::drain_idle to arrive, and its answer says close.
    arena.release();
    beast::http::request_parser<beast::http::string_body, field_allocator> parser{
        std::piecewise_construct, std::make_tuple(), std::make_tuple(field_allocator(&arena))};
    parser.header_limit(limits::header_bytes);
    parser.body_limit(limits::largest_body_bytes);
    conn->expires_after(state.stopping.load() ? limits::drain_idle
                        : first               ? limits::header_deadline
                                              : limits::idle_deadline);
    first = false;
    auto [ec, bytes] =
        co_await beast::http::async_read_header(conn->socket, buffer, parser, use_tuple);
    conn->expires_never();
    conn->set_idle(false);
    const auto target = view(parser.get().target());
    if (ec == beast::http::error::header_limit) {
      co_await refuse_request(*conn, state, target, plain(431, "Request Header Fields Too Large"));
      break;
    }
    const auto too_large = [] { return json_response(413, R"({"error":"too_large"})"); };
    // Beast refuses a Content-Length over the body limit while reading the head, before any
    // of the body arrives.
    if (ec == beast::http::error::body_limit) {
      co_await refuse_request(*conn, state, target, too_large());
      break;
    }
    if (connection_gone(ec)) break;
    if (ec) {
      co_await refuse_request(*conn, state, target, plain(400, "Bad Request"));
      break;
    }
    const auto& message = parser.get();
    req.headers.clear();
    for (const auto& field : message)
      req.headers.emplace_back(view(field.name_string()), view(field.value()));
    if (const auto verdict = check_framing(req.headers, message.version()); verdict.status != 0) {
      co_await refuse_request(*conn, state, target, plain(verdict.status, verdict.reason));
      break;
    }
    const auto length = parser.content_length();
    const auto body_limit = std::min(state.app->body_limit(target), limits::largest_body_bytes);
    // Refuse before reading: the client may be streaming megabytes we would only discard.
    if (length && *length > body_limit) {
      co_await refuse_request(*conn, state, target, too_large());
      break;
    }
    if (!parser.is_done()) {
      if (view(message[beast::http::field::expect]) == "100-continue") {
        static constexpr std::string_view go_on = "HTTP/1.1 100 Continue\r\n\r\n";
        conn->expires_after(limits::write_deadline);
        co_await asio::async_write(conn->socket, asio::buffer(go_on.data(), go_on.size()),
                                   use_tuple);
      }
      conn->expires_after(limits::body_deadline);
      std::tie(ec, bytes) =
          co_await beast::http::async_read(conn->socket, buffer, parser, use_tuple);
      conn->expires_never();
      if (ec == beast::http::error::body_limit) {
        co_await refuse_request(*conn, state, target, too_large());
        break;
      }
      if (connection_gone(ec)) break;
      // A bad chunk size or chunk framing: the rest of the stream cannot be trusted.
      if (ec) {
        co_await refuse_request(*conn, state, target, plain(400, "Bad Request"));
        break;
      }
    }

    // A chunked body has no length to check before reading.
    if (message.body().size() > body_limit) {
      co_await refuse_request(*conn, state, target, too_large());
      break;
    }
    req.method = view(message.method_string());
    req.target = target;
    req.body = message.body();
    req.peer = peer;

    response res;
    // A handler that throws costs this request a 500, never the connection's thread.
    try {
      if (state.app->is_async(req)) {
        res = co_await async_handle(*state.app, req, use_task);
      } else {
        res = state.app->handle(req);
      }
    } catch (const std::exception& e) {
      log::error("handler_error", {{"path", req.path()}, {"reason", e.what()}});
      res = plain(500, "Internal Server Error");
    }
    state.app->answered(req.target, res.status);
    // From SIGTERM on, every answer closes its connection, so a client's next request opens a new
    // one (to the process that replaces this one, or to another replica).
    const bool keep_alive = message.keep_alive() && !state.draining.load();
    if (log::debug_enabled()) {
      log::debug(
          "request",
          {{"method", req.method}, {"path", req.path()}, {"status", res.status}, {"peer", peer}});
    }
    // HTTP/1.0 closes by default; a 1.0 client that asked to keep the connection must be told.
    const bool announce = keep_alive && message.version() < 11;
    if (!co_await write_response(*conn, state, res, keep_alive, req.method == "HEAD", announce)) {
      break;
    }
    if (!keep_alive) break;
  }
  conn->close();
  state.release(conn.get());
}

}  // namespace landing::http
