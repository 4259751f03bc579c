#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

#include "common/worker.hpp"
#include "http/response.hpp"
#include "vitals/counters.hpp"
#include "vitals/recorder.hpp"

namespace landing::vitals {

// The bounded queue of beacons: checked against the contract and folded into the recorder's
// aggregates on a thread of its own at the lowest CPU priority (nice 19), so that when the
// machine is busy, every per-beacon step but reading the request waits and leads do not. A flood
// then backs up here and is dropped (503, counted) instead of taking cores from the lead path.
// The thread holds nothing a lead needs (the recorder's lock only to fold one beacon in), so its
// low priority cannot hold a lead up.
class intake {
 public:
  using callback = std::function<void(http::response)>;

  intake(recorder& sink, counters& stats, std::size_t capacity = 4096);
  intake(const intake&) = delete;
  intake& operator=(const intake&) = delete;
  ~intake();

  // Calls done exactly once, from the intake's thread, or at once (503) when it is full.
  void submit(std::string body, callback done);
  // Answers what is queued, then ends the thread. Idempotent.
  void stop();

  // The answer to a body, as the thread gives it: 400 with a code, 503 once the recorder has
  // stopped, else 204.
  http::response check(const std::string& body);

 private:
  void run(worker::context& ctx);

  recorder& sink_;
  counters& stats_;
  std::size_t capacity_;
  // The queue is refused once the thread is stopping, both under this lock, so nothing is
  // queued after the thread's last look.
  std::mutex mutex_;
  std::deque<std::pair<std::string, callback>> queue_;
  worker thread_;  // last: stopped before the members it reads go
};

http::response busy_response();

}  // namespace landing::vitals
