#include "storage/postgres/session.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <array>

#include "common/log.hpp"

namespace landing::storage::postgres {
namespace {

// The advisory lock whose holder leads. Any number, the same in every replica.
constexpr const char* leader_lock = "SELECT pg_try_advisory_lock(727002)";

}  // namespace

replica_session::replica_session(database& db) : db_(db) {
  if (!db_.settings().session) return;
  stop_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  // The first connection and the first try for the lock are made here, before the store is
  // handed out, so what the server does at start as leader (the retention pass, before the
  // outbox sends anything) sees the answer rather than a thread that has not connected yet.
  first_session_ = connect();
  if (first_session_) {
    try {
      try_to_lead(*first_session_);
    } catch (const error&) {
      first_session_.reset();  // the thread connects again
    }
  }
  background_thread_.start(
      "pg-session", [this](worker::context& ctx) { background(ctx, std::move(first_session_)); });
}

replica_session::~replica_session() {
  stop();
  if (stop_fd_ >= 0) ::close(stop_fd_);
}

void replica_session::stop() {
  if (stop_fd_ >= 0) {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(stop_fd_, &one, sizeof one);
  }
  background_thread_.stop();
}

void replica_session::on_new_leads(std::function<void()> wake) {
  const std::lock_guard lock(wake_mutex_);
  wake_ = std::move(wake);
}

std::unique_ptr<connection> replica_session::connect() const {
  try {
    auto session = std::make_unique<connection>(db_.uri(), db_.settings().connect_timeout);
    session->exec(std::string("LISTEN ") + new_leads_channel);
    return session;
  } catch (const error&) {
    return nullptr;
  }
}

void replica_session::try_to_lead(connection& session) {
  if (session.exec(leader_lock).text(0, 0) == "t") {
    leader_ = true;
    log::info("leadership_acquired", {});
  } else {
    next_try_ = std::chrono::steady_clock::now() + db_.settings().leader_retry;
  }
}

void replica_session::background(worker::context& ctx, std::unique_ptr<connection> session) {
  int failures = 0;
  while (!ctx.stopping()) {
    if (!session) {
      session = connect();
      if (!session) {
        ++failures;
        ctx.sleep_for(std::chrono::milliseconds(std::min(5000, 100 << std::min(failures, 6))));
        continue;
      }
      failures = 0;
      next_try_ = {};
    }
    try {
      if (!leader_ && std::chrono::steady_clock::now() >= next_try_) try_to_lead(*session);
      std::array<pollfd, 2> ready{{{session->socket(), POLLIN, 0}, {stop_fd_, POLLIN, 0}}};
      // Short waits all the same: without an eventfd (none was given), a stop is noticed by them.
      const auto wait =
          leader_ ? 500
                  : std::clamp<std::int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                 next_try_ - std::chrono::steady_clock::now())
                                                 .count(),
                                             1, 500);
      if (::poll(ready.data(), ready.size(), static_cast<int>(wait)) > 0 && ready[0].revents != 0) {
        if (!session->notifications().empty()) {
          const std::lock_guard lock(wake_mutex_);
          if (wake_) wake_();
        }
      }
    } catch (const error& e) {
      if (leader_) log::warn("leadership_lost", {{"reason", e.what()}});
      leader_ = false;
      session.reset();
    }
  }
  leader_ = false;
}

}  // namespace landing::storage::postgres
