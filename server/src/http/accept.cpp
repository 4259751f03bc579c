#include "http/accept.hpp"

#include <fcntl.h>
#include <linux/filter.h>
#include <poll.h>
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
#include "http/limits.hpp"

namespace landing::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

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

// Whether a connection waits in the listen queue. accept takes a descriptor before it looks for
// one, so at the limit it fails with no one waiting: right after the last free descriptor went
// to a newcomer, say. poll needs no descriptor of its own.
bool connection_waiting(tcp::acceptor& acceptor) {
  pollfd queue{acceptor.native_handle(), POLLIN, 0};
  const int ready = ::poll(&queue, 1, 0);
  return ready != 0;  // an error counts as waiting: shedding is the safe side
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

}  // namespace

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
      // With no one waiting there is no one to make room for: shedding now would close the
      // connections just taken, their first requests perhaps on their way. Wait for a knock.
      if (!connection_waiting(acceptor)) {
        auto [waited] = co_await acceptor.async_wait(tcp::acceptor::wait_read,
                                                     asio::as_tuple(asio::use_awaitable));
        if (!waited) continue;
        if (waited == asio::error::operation_aborted || !acceptor.is_open()) co_return;
      }
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

}  // namespace landing::http
