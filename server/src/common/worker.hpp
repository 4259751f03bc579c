#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>

namespace landing {

// A background thread with its stop and its wake-up, which the server's workers (the lead
// writer, the outbox, the desk, the health checks…) would otherwise each write out with a mutex,
// a condition variable, a stopping flag and a join.
//
// notify() is remembered until the thread's next wait, so a wake-up sent between the thread's
// look at its queue and its wait is never lost: an owner keeps its queue under a lock of its own,
// and its thread looks at the queue under that lock and waits outside it.
class worker {
 public:
  // What the thread's function gets: its waits, and whether it is asked to stop.
  class context {
   public:
    [[nodiscard]] bool stopping() const { return token_.stop_requested(); }
    // Until `deadline`, a notify() (which it takes) or stop(). False once stopping.
    bool wait_until(std::chrono::steady_clock::time_point deadline);
    bool wait_for(std::chrono::steady_clock::duration timeout) {
      return wait_until(std::chrono::steady_clock::now() + timeout);
    }
    // Until a notify() or stop(), however long.
    bool wait();
    // Until `timeout` has passed or stop(); a notify() does not end it (it waits for the next
    // wait). False once stopping.
    bool sleep_for(std::chrono::steady_clock::duration timeout);

   private:
    friend class worker;
    context(worker& owner, std::stop_token token) : owner_(owner), token_(std::move(token)) {}
    worker& owner_;
    std::stop_token token_;
  };
  using body = std::function<void(context&)>;

  // Idle until start(): for an owner that has work to do before its thread may run.
  worker() = default;
  // Runs `run` on a thread named `name` (its first 15 characters, as top -H and gdb show it).
  worker(std::string name, body run) { start(std::move(name), std::move(run)); }
  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;
  ~worker() { stop(); }

  // Once, on a worker made idle.
  void start(std::string name, body run);
  // Wakes the thread's current or next wait.
  void notify();
  // Asks the thread to stop, wakes its wait and joins it. Idempotent; not from the thread itself.
  void stop();
  // True from the first stop() on, for the owner's other threads (the thread itself asks its
  // context). An owner that checks it under its own lock, where its thread also looks last at its
  // queue, never queues anything that thread will not see.
  [[nodiscard]] bool stopping() const { return stop_.stop_requested(); }

 private:
  // The thread's stop source, copied out of thread_ so that stopping() reads nothing join()
  // writes.
  std::stop_source stop_{std::nostopstate};
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool notified_ = false;
  // Last: the thread starts once everything above exists.
  std::jthread thread_;
};

}  // namespace landing
