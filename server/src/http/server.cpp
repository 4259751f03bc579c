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

// A coroutine that ends with an exception must not take the thread with it (asio::detached
// would rethrow it out of io_context::run): the one connection is lost, the server goes on.
void log_failure(const std::exception_ptr& failure) {
  if (!failure) return;
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    log::error("session_error", {{"reason", e.what()}});
  } catch (...) {
    log::error("session_error", {{"reason", "unknown exception"}});
  }
}

// A descriptor held back for the moment the limit is reached: given up, it lets the acceptor
// take one waiting connection and answer it 503 instead of leaving it in the backlog, where
// accept would fail on it again and again.
class reserve_descriptor {
 public:
  reserve_descriptor() { take(); }
  ~reserve_descriptor() { release(); }
  reserve_descriptor(const reserve_descriptor&) = delete;
  reserve_descriptor& operator=(const reserve_descriptor&) = delete;
  void take() {
    if (fd_ < 0) fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }
  void release() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

bool out_of_descriptors(const boost::system::error_code& ec) {
  return ec == asio::error::no_descriptors || ec.value() == ENFILE ||
         ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
}

// Out of descriptors: shed the oldest idle connections, answer one waiting connection 503 with
// the reserve, then wait before accepting again.
void shed_load(tcp::acceptor& acceptor, server_state& state, reserve_descriptor& reserve) {
  state.close_oldest_idle(std::max<std::size_t>(1, state.max_connections / 64));
  reserve.release();
  const int fd = ::accept4(acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
  if (fd >= 0) {
    refuse(fd, 503);
    ::close(fd);
    state.app->connection_refused();
  }
  reserve.take();
}

// Tells the log about a shortage of descriptors once: when it starts, and when accepts have
// worked for limits::accept_quiet since the last failure.
class shortage_log {
 public:
  using clock = std::chrono::steady_clock;
  void failed(const boost::system::error_code& ec, std::size_t connections) {
    const auto now = clock::now();
    if (failures_ == 0) {
      // strerror rather than ec.message(): no virtual call while out of descriptors, where the
      // sanitizers' vptr check (which needs a pipe) would fail on its own.
      log::warn("accept_failed", {{"reason", std::strerror(ec.value())},
                                  {"connections", connections},
                                  {"effect",
                                   "idle connections are closed and new ones are "
                                   "answered 503 until descriptors are free"}});
    }
    ++failures_;
    last_failure_ = now;
  }
  void accepted() {
    if (failures_ == 0 || clock::now() - last_failure_ < limits::accept_quiet) return;
    log::info("accept_recovered", {{"failed_accepts", failures_}});
    failures_ = 0;
  }

 private:
  std::uint64_t failures_ = 0;
  clock::time_point last_failure_;
};

// Admits an accepted socket and runs its session on the chosen worker. Whatever fails here
// loses this one connection, never the acceptor.
void start_session(socket_type socket, worker& target, server_state& state) {
  try {
    boost::system::error_code ec;
    socket.set_option(tcp::no_delay(true), ec);
    const auto peer = socket.remote_endpoint(ec);
    if (ec) return;
    auto conn = std::make_shared<connection>(std::move(socket), peer.address());
    if (const auto verdict = state.admit(conn); verdict != server_state::admission::admitted) {
      state.app->connection_refused();
      refuse(conn->socket.native_handle(),
             verdict == server_state::admission::client_full ? 429 : 503);
      return;  // dropping conn closes the socket
    }
    auto executor = conn->socket.get_executor();
    asio::co_spawn(executor, run_session(std::move(conn), state, target.deadlines), log_failure);
  } catch (const std::exception& e) {
    log::error("accept_error", {{"reason", e.what()}});
  }
}

// Connections the kernel completed but nobody accepted yet would be reset when the listener
// closes; they are taken and served (one request each) instead, until the first EAGAIN.
std::size_t take_queued(worker_list& workers, tcp::acceptor& acceptor, server_state& state) {
  std::size_t taken = 0;
  // Asio's synchronous accept waits for a connection unless told the caller wants EAGAIN.
  boost::system::error_code failed;
  acceptor.non_blocking(true, failed);
  if (failed) return 0;
  for (;;) {
    auto& target = *workers[taken % workers.size()];
    boost::system::error_code ec;
    socket_type socket(target.context);
    acceptor.accept(socket, ec);
    if (ec == asio::error::would_block || ec == asio::error::try_again) return taken;
    if (ec == asio::error::connection_aborted) continue;
    if (ec) return taken;
    ++taken;
    start_session(std::move(socket), target, state);
  }
}

// With SO_REUSEPORT, every process on the port is in one group and the kernel spreads new
// connections over them. Sockets join the group in order, so a new process that joins beside
// an old one is index 1: this program sends every new connection there, and the old process's
// queue stays empty while it drains. Once the old one closes, index 1 no longer exists and the
// kernel falls back to its hash over the one that is left.
void steer_to_newest(tcp::acceptor& acceptor) {
  sock_filter code[] = {{BPF_RET | BPF_K, 0, 0, 1}};
  sock_fprog program{1, code};
  if (::setsockopt(acceptor.native_handle(), SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &program,
                   sizeof program) != 0) {
    log::warn("reuse_port_steering_unavailable",
              {{"reason", std::strerror(errno)},
               {"effect", "old and new processes share new connections while the old drains"}});
  }
}

asio::awaitable<void> accept_loop(worker_list& workers, tcp::acceptor& acceptor,
                                  server_state& state) {
  reserve_descriptor reserve;
  asio::steady_timer pause(co_await asio::this_coro::executor);
  const auto first_pause =
      std::chrono::duration_cast<std::chrono::milliseconds>(limits::accept_backoff_first);
  const auto longest_pause =
      std::chrono::duration_cast<std::chrono::milliseconds>(limits::accept_backoff_cap);
  auto backoff = first_pause;
  shortage_log shortage;
  std::size_t next = 0;
  for (;;) {
    auto& target = *workers[next % workers.size()];
    socket_type socket(target.context);
    auto [ec] = co_await acceptor.async_accept(socket, asio::as_tuple(asio::use_awaitable));
    if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
    if (out_of_descriptors(ec)) {
      shortage.failed(ec, state.live());
      shed_load(acceptor, state, reserve);
      pause.expires_after(backoff);
      co_await pause.async_wait(asio::as_tuple(asio::use_awaitable));
      backoff = std::min(backoff * 2, longest_pause);
      continue;
    }
    if (ec) continue;  // the peer left before we took it (ECONNABORTED and the like)
    shortage.accepted();
    backoff = first_pause;
    ++next;
    start_session(std::move(socket), target, state);
  }
}
// Runs a thread's io_context until it is stopped or runs out of work, whatever escapes it.
void run_context(asio::io_context& context) {
  for (;;) {
    try {
      context.run();
      return;
    } catch (const std::exception& e) {
      log::error("io_thread_error", {{"reason", e.what()}});
    } catch (...) {
      log::error("io_thread_error", {{"reason", "unknown exception"}});
    }
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
  state.security_headers = security_header_block(options.hsts);
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
