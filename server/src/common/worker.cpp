#include "common/worker.hpp"

#include <pthread.h>

namespace landing {

void worker::start(std::string name, body run) {
  thread_ =
      std::jthread([this, name = std::move(name), run = std::move(run)](std::stop_token token) {
        // Linux allows 15 characters and refuses the whole name when it is longer.
        ::pthread_setname_np(::pthread_self(), name.substr(0, 15).c_str());
        context ctx(*this, std::move(token));
        run(ctx);
      });
  stop_ = thread_.get_stop_source();
}

void worker::notify() {
  {
    const std::lock_guard lock(mutex_);
    notified_ = true;
  }
  wake_.notify_one();
}

void worker::stop() {
  // A wait on wake_ wakes by itself: it holds a callback on the same stop state.
  stop_.request_stop();
  if (thread_.joinable()) thread_.join();
}

bool worker::context::wait_until(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock lock(owner_.mutex_);
  owner_.wake_.wait_until(lock, token_, deadline, [&] { return owner_.notified_; });
  owner_.notified_ = false;
  return !stopping();
}

bool worker::context::wait() {
  std::unique_lock lock(owner_.mutex_);
  owner_.wake_.wait(lock, token_, [&] { return owner_.notified_; });
  owner_.notified_ = false;
  return !stopping();
}

bool worker::context::sleep_for(std::chrono::steady_clock::duration timeout) {
  std::unique_lock lock(owner_.mutex_);
  owner_.wake_.wait_until(lock, token_, std::chrono::steady_clock::now() + timeout,
                          [] { return false; });
  return !stopping();
}

}  // namespace landing
