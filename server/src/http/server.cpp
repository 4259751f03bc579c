#include "http/server.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <condition_variable>
#include <csignal>
#include <stdexcept>
#include <thread>
#include <vector>

#include "common/log.hpp"
#include "http/headers.hpp"
#include "http/limits.hpp"
#include "http/session.hpp"

namespace landing::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

asio::awaitable<void> accept_loop(asio::io_context& ioc, tcp::acceptor& acceptor,
                                  server_state& state) {
  for (;;) {
    auto [ec, socket] =
        co_await acceptor.async_accept(asio::make_strand(ioc), asio::as_tuple(asio::use_awaitable));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (ec) continue;  // EMFILE and friends: keep serving the connections we have
    socket.set_option(tcp::no_delay(true), ec);
    auto conn = std::make_shared<connection>(std::move(socket));
    if (!state.admit(conn)) {
      state.application.stats->connections_refused.fetch_add(1, std::memory_order_relaxed);
      continue;  // dropping conn closes the socket
    }
    auto executor = conn->stream.get_executor();
    asio::co_spawn(executor, run_session(std::move(conn), state), asio::detached);
  }
}

}  // namespace

tcp::endpoint parse_endpoint(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) throw std::invalid_argument("expected host:port, got " + text);
  auto host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  unsigned long port = 0;
  try {
    std::size_t used = 0;
    port = std::stoul(text.substr(colon + 1), &used);
    if (used != text.size() - colon - 1 || port > 65535) throw std::invalid_argument("port");
  } catch (const std::exception&) {
    throw std::invalid_argument("bad port in " + text);
  }
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(host.empty() ? "0.0.0.0" : host, ec);
  if (ec) throw std::invalid_argument("bad address in " + text);
  return {address, static_cast<unsigned short>(port)};
}

void serve(const server_options& options, app application,
           const std::function<void(const tcp::endpoint&)>& on_listening) {
  asio::io_context ioc(static_cast<int>(options.threads));
  server_state state;
  state.application = std::move(application);
  state.security_headers = security_header_block(options.hsts);
  state.max_connections =
      options.max_connections ? options.max_connections : limits::default_max_connections;

  // The acceptor has its own strand so the signal handler can close it safely.
  tcp::acceptor acceptor(asio::make_strand(ioc));
  acceptor.open(options.endpoint.protocol());
  acceptor.set_option(tcp::acceptor::reuse_address(true));
  acceptor.bind(options.endpoint);
  acceptor.listen(asio::socket_base::max_listen_connections);
  on_listening(acceptor.local_endpoint());

  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::thread watchdog;

  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    log::info("shutdown_started", {{"signal", signal_number}});
    state.stopping = true;
    asio::post(acceptor.get_executor(), [&] {
      boost::system::error_code ignored;
      acceptor.close(ignored);
    });
    state.close_idle();
    watchdog = std::thread([&] {
      std::unique_lock lock(done_mutex);
      if (!done_cv.wait_for(lock, limits::shutdown_grace, [&] { return done; })) {
        log::warn("shutdown_forced", {{"reason", "in-flight requests outlived the grace period"}});
        ioc.stop();
      }
    });
  });

  asio::co_spawn(acceptor.get_executor(), accept_loop(ioc, acceptor, state), asio::detached);
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < options.threads; ++i) pool.emplace_back([&] { ioc.run(); });
  ioc.run();
  for (auto& thread : pool) thread.join();
  {
    const std::lock_guard lock(done_mutex);
    done = true;
  }
  done_cv.notify_all();
  if (watchdog.joinable()) watchdog.join();
}

}  // namespace landing::http
