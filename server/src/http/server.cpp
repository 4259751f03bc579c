#include "http/server.hpp"

#include <fcntl.h>
#include <linux/filter.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "common/log.hpp"
#include "http/accept.hpp"
#include "http/deadlines.hpp"
#include "http/headers.hpp"
#include "http/limits.hpp"
#include "http/session.hpp"

namespace landing::http {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

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

std::size_t raise_descriptor_limit(std::size_t wanted_connections) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted_connections;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur == RLIM_INFINITY) return wanted_connections;
  const auto usable = static_cast<std::size_t>(limit.rlim_cur);
  const auto fit =
      usable > limits::spare_descriptors * 2 ? usable - limits::spare_descriptors : usable / 2;
  return std::max<std::size_t>(1, std::min(wanted_connections, fit));
}

void serve(const server_options& options, handler& app,
           const std::function<void(const tcp::endpoint&)>& on_listening) {
  // sendfile(2) has no MSG_NOSIGNAL: a client that leaves mid-body would raise SIGPIPE, whose
  // default action ends the process. Ignored, the send fails with EPIPE like any other.
  std::signal(SIGPIPE, SIG_IGN);
  server_state state;
  state.app = &app;
  state.security_headers =
      options.content_security_policy.empty()
          ? security_header_block(options.hsts)
          : security_header_block(options.hsts, options.content_security_policy);
  state.editor_security_headers =
      security_header_block(options.hsts, editor_content_security_policy);
  const auto wanted =
      options.max_connections ? options.max_connections : limits::default_max_connections;
  state.max_connections = raise_descriptor_limit(wanted);
  if (state.max_connections < wanted) {
    log::warn("connections_capped", {{"wanted", wanted},
                                     {"allowed", state.max_connections},
                                     {"reason", "the open-file limit (ulimit -n) is lower"}});
  }
  state.max_per_client = options.max_connections_per_client
                             ? options.max_connections_per_client
                             : limits::default_max_connections_per_client;
  state.trusted_proxies = options.trusted_proxies;

  worker_list workers;
  for (unsigned i = 0; i < std::max(1U, options.threads); ++i) {
    workers.push_back(std::make_unique<worker>());
    // The watch keeps its thread's run() going until shutdown, connections or not.
    asio::co_spawn(workers.back()->context, workers.back()->deadlines.run(state.stopping),
                   log_failure);
  }
  auto& main_context = workers.front()->context;

  tcp::acceptor acceptor(main_context);
  acceptor.open(options.endpoint.protocol());
  acceptor.set_option(tcp::acceptor::reuse_address(true));
  if (options.reuse_port) {
    const int on = 1;
    if (::setsockopt(acceptor.native_handle(), SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0) {
      throw std::system_error(errno, std::generic_category(), "SO_REUSEPORT");
    }
  }
  acceptor.bind(options.endpoint);
  acceptor.listen(asio::socket_base::max_listen_connections);
  if (options.reuse_port) steer_to_newest(acceptor);
  // shed_load() and take_queued() accept with the acceptor in non-blocking mode.
  acceptor.native_non_blocking(true);
  on_listening(acceptor.local_endpoint());

  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::thread watchdog;
  asio::signal_set signals(main_context, SIGINT, SIGTERM);
  asio::steady_timer drain_timer(main_context);

  // Runs on the acceptor's own thread (the signal's and the timer's handlers), so touching the
  // acceptor here is safe.
  const auto stop_accepting = [&] {
    if (state.stopping.exchange(true)) return;
    const auto queued = take_queued(workers, acceptor, state);
    boost::system::error_code ignored;
    acceptor.close(ignored);
    // Nothing may keep the main context's run() going once the connections are done.
    signals.cancel(ignored);
    state.close_idle(limits::drain_idle);
    log::info("listener_closed", {{"queued_connections_taken", queued}});
    watchdog = std::thread([&] {
      std::unique_lock lock(done_mutex);
      if (!done_cv.wait_for(lock, limits::shutdown_grace, [&] { return done; })) {
        log::warn("shutdown_forced", {{"reason", "in-flight requests outlived the grace period"}});
        for (auto& each : workers) each->context.stop();
      }
    });
  };
  const auto drain_delay = std::min<std::chrono::milliseconds>(
      options.drain_delay,
      std::chrono::duration_cast<std::chrono::milliseconds>(limits::drain_delay_cap));
  std::function<void(const boost::system::error_code&, int)> on_signal =
      [&](const boost::system::error_code& ec, int signal_number) {
        if (ec) return;
        if (state.draining) {
          // A second signal: the operator does not want to wait for the drain delay.
          drain_timer.cancel();
          stop_accepting();
          return;
        }
        state.draining = true;
        log::info("shutdown_started",
                  {{"signal", signal_number}, {"drain_delay_ms", drain_delay.count()}});
        state.app->draining();
        signals.async_wait(on_signal);
        if (drain_delay.count() == 0) {
          stop_accepting();
          return;
        }
        drain_timer.expires_after(drain_delay);
        drain_timer.async_wait([&](const boost::system::error_code&) { stop_accepting(); });
      };
  signals.async_wait(on_signal);

  asio::co_spawn(main_context, accept_loop(workers, acceptor, state), log_failure);
  std::vector<std::thread> pool;
  for (std::size_t i = 1; i < workers.size(); ++i) {
    pool.emplace_back([&context = workers[i]->context] { run_context(context); });
  }
  run_context(main_context);
  for (auto& thread : pool) thread.join();
  {
    const std::lock_guard lock(done_mutex);
    done = true;
  }
  done_cv.notify_all();
  if (watchdog.joinable()) watchdog.join();
}

}  // namespace landing::http
