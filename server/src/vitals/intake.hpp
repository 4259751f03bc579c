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
  // Whether a client may make one more arrival now (a share is taken); by default every one may.
  using arrival_gate = std::function<bool(const std::string& client)>;
  // The same for a funnel beacon, whatever steps it carries: one share per client across every
  // step, so a made-up tag per step does not multiply what one client may add to a day's
  // source classes.
  using step_gate = std::function<bool(const std::string& client)>;
  // What a body is: a vitals beacon or a funnel beacon (contract/funnel-beacon.json).
  enum class kind { vitals, funnel };

  intake(recorder& sink, counters& stats, std::size_t capacity = 4096, arrival_gate may_arrive = {},
         step_gate may_step = {});
  intake(const intake&) = delete;
  intake& operator=(const intake&) = delete;
  ~intake();

  // Calls done exactly once, from the intake's thread, or at once (503) when it is full.
  // `client` is the sender's address, asked of the arrival gate only when the beacon carries
  // an arrival: one client cannot fill a day's source classes with made-up tags.
  void submit(std::string body, std::string client, callback done, kind what = kind::vitals);
  // Answers what is queued, then ends the thread. Idempotent.
  void stop();

  // The answer to a body, as the thread gives it: 400 with a code, 503 once the recorder has
  // stopped, else 204. An arrival past the client's share is left out and counted.
  http::response check(const std::string& body, const std::string& client = {});
  // The same for a funnel beacon: a step past the client's share is left out and counted; a
  // beacon left with no step is answered 204 all the same (the page cannot do better).
  http::response check_funnel(const std::string& body, const std::string& client = {});
  // A funnel beacon already checked (the no-JavaScript image's arrival): only the shares.
  http::response take_funnel(funnel_beacon item, const std::string& client);

 private:
  void run(worker::context& ctx);

  struct queued {
    std::string body;
    std::string client;
    callback done;
    kind what;
  };

  recorder& sink_;
  counters& stats_;
  std::size_t capacity_;
  arrival_gate may_arrive_;
  step_gate may_step_;
  // The queue is refused once the thread is stopping, both under this lock, so nothing is
  // queued after the thread's last look.
  std::mutex mutex_;
  std::deque<queued> queue_;
  worker thread_;  // last: stopped before the members it reads go
};

http::response busy_response();

}  // namespace landing::vitals
