#include "http/server.hpp"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <condition_variable>
#include <csignal>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "common/log.hpp"
#include "http/deadlines.hpp"
#include "http/headers.hpp"
#include "http/limits.hpp"
#include "http/session.hpp"

namespace landing::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// One io_context per thread, each run by that thread alone: a connection lives on one of them
// (round-robin), so its handlers never contend for a shared reactor lock or need a strand.
// The watch is declared first so it outlives the context, whose destructor may still destroy
// session coroutines (after a forced stop) that hold entries in it.
struct worker {
  deadline_watch deadlines;
  asio::io_context context{1};
};
using worker_list = std::vector<std::unique_ptr<worker>>;

asio::awaitable<void> accept_loop(worker_list& workers, tcp::acceptor& acceptor,
                                  server_state& state) {
  std::size_t next = 0;
  for (;;) {
    auto& target = *workers[next++ % workers.size()];
    auto [ec, socket] = co_await acceptor.async_accept(target.context.get_executor(),
                                                       asio::as_tuple(asio::use_awaitable));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (ec) continue;  // EMFILE and friends: keep serving the connections we have
    socket.set_option(tcp::no_delay(true), ec);
    auto conn = std::make_shared<connection>(std::move(socket));
    if (!state.admit(conn)) {
      state.application.stats->connections_refused.fetch_add(1, std::memory_order_relaxed);
      continue;  // dropping conn closes the socket
    }
    auto executor = conn->socket.get_executor();
    asio::co_spawn(executor, run_session(std::move(conn), state, target.deadlines), asio::detached);
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
  // sendfile(2) has no MSG_NOSIGNAL: a client that leaves mid-body would raise SIGPIPE, whose
  // default action ends the process. Ignored, the send fails with EPIPE like any other.
  std::signal(SIGPIPE, SIG_IGN);
  server_state state;
  state.application = std::move(application);
  state.security_headers = security_header_block(options.hsts);
  state.max_connections =
      options.max_connections ? options.max_connections : limits::default_max_connections;

  worker_list workers;
  for (unsigned i = 0; i < std::max(1U, options.threads); ++i) {
    workers.push_back(std::make_unique<worker>());
    // The watch keeps its thread's run() going until shutdown, connections or not.
    asio::co_spawn(workers.back()->context, workers.back()->deadlines.run(state.stopping),
                   asio::detached);
  }
  auto& main_context = workers.front()->context;

  tcp::acceptor acceptor(main_context);
  acceptor.open(options.endpoint.protocol());
  acceptor.set_option(tcp::acceptor::reuse_address(true));
  acceptor.bind(options.endpoint);
  acceptor.listen(asio::socket_base::max_listen_connections);
  on_listening(acceptor.local_endpoint());

  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::thread watchdog;

  asio::signal_set signals(main_context, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    log::info("shutdown_started", {{"signal", signal_number}});
    state.stopping = true;
    // This handler runs on the acceptor's own thread, so closing it here is safe.
    boost::system::error_code ignored;
    acceptor.close(ignored);
    state.close_idle();
    watchdog = std::thread([&] {
      std::unique_lock lock(done_mutex);
      if (!done_cv.wait_for(lock, limits::shutdown_grace, [&] { return done; })) {
        log::warn("shutdown_forced", {{"reason", "in-flight requests outlived the grace period"}});
        for (auto& each : workers) each->context.stop();
      }
    });
  });

  asio::co_spawn(main_context, accept_loop(workers, acceptor, state), asio::detached);
  std::vector<std::thread> pool;
  for (std::size_t i = 1; i < workers.size(); ++i) {
    pool.emplace_back([&context = workers[i]->context] { context.run(); });
  }
  main_context.run();
  for (auto& thread : pool) thread.join();
  {
    const std::lock_guard lock(done_mutex);
    done = true;
  }
  done_cv.notify_all();
  if (watchdog.joinable()) watchdog.join();
}

}  // namespace landing::http
