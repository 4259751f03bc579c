#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "digest/schedule.hpp"
#include "storage/store.hpp"

// Posts each period's digest to the studio's chat once, whichever replica gets there first and
// however often they restart: the period's row is claimed in the store before anything is sent
// (storage/digests.hpp), and each part is recorded as it goes, so a retry sends only what the
// chat does not have yet. A digest that fell due while every replica was down goes at the next
// start. A part whose answer was lost (a timeout after it went out) counts as sent: Telegram
// cannot be asked whether it made the message, and the rule is "at most once", so the chat never
// holds a part twice; the log says which part may be missing (digest_part_unknown). A part that
// cannot be made is left out and the others still go (digest_part_failed).
namespace landing::digest {

// One part of a digest as the chat gets it, in order: the text, the chart, the report. A part that
// could not be made (the chart did not render, the report failed) is `missing`: it keeps its
// place, so the parts recorded as sent still count the same, and the text says what is missing.
struct part {
  enum kind { text, image, document, missing } what = text;
  std::string body;       // the text, or the file's bytes
  std::string file_name;  // for image and document
  std::string caption;    // for image and document
};

// How a part's sending ended (the Bot API's answer, as telegram/ reads it).
// unknown: the request went out and no answer came (telegram::send_result::outcome_unknown).
struct part_result {
  enum kind { sent, retry_after, transient, permanent, unknown } outcome = transient;
  std::int64_t retry_after_s = 0;
  std::string reason;
};

struct sender_options {
  cadence every = cadence::weekly;
  const date::time_zone* zone = nullptr;
  std::string owner;  // this replica's name
  // How long a claim holds: longer than sending three parts takes, short enough that a replica
  // that died mid-send is taken over soon.
  std::chrono::milliseconds lease{std::chrono::minutes(5)};
  // After a failure that names no pause: the first wait, doubled up to the cap.
  std::chrono::milliseconds retry_first{std::chrono::seconds(30)};
  std::chrono::milliseconds retry_cap{std::chrono::hours(1)};
  std::function<std::int64_t()> now;                 // unix ms; clock::now_ms by default
  std::function<std::vector<std::string>()> alerts;  // app/'s digest_alerts
  // The chart's SVG as PNG: chart.hpp's render_png by default (a test makes it fail).
  std::function<std::string(const std::string&)> render;
};

class sender {
 public:
  using deliver_fn = std::function<part_result(const part&)>;

  sender(storage::lead_store& store, deliver_fn deliver, sender_options options);
  sender(const sender&) = delete;
  sender& operator=(const sender&) = delete;
  ~sender();

  // Does what is due now: the latest period's digest unless it went, this replica holds no
  // claim another holds, or a pause is still running. Returns when to look again (unix ms).
  // Runs on the caller's thread: the server's own thread calls it in a loop (start()), tests
  // call it with a set clock.
  std::int64_t run_once();

  // The thread that calls run_once at each due time; stop() ends it (a part being sent is
  // finished or cut by its timeout first).
  void start();
  void stop();

  // The parts of a period's digest, as run_once would send them.
  std::vector<part> parts_of(const period& covered);

  // What the last run_once did, for `digest send`.
  struct outcome {
    enum kind {
      nothing_due,
      sent,
      sent_before,
      held_elsewhere,
      paused,
      failed,
      claim_lost
    } what = nothing_due;
    std::string period;  // the key, once a period was due
    std::string reason;  // failed: the chat's answer
  };
  [[nodiscard]] const outcome& last() const { return last_; }

 private:
  std::int64_t now() const { return options_.now(); }
  std::int64_t retry_later(std::int64_t now_ms, const part_result& result);

  storage::lead_store& store_;
  deliver_fn deliver_;
  sender_options options_;
  std::int64_t not_before_ = 0;  // a pause asked for (429) or the backoff after a failure
  std::chrono::milliseconds backoff_{0};
  std::string last_failure_;  // logged once per run of failures
  outcome last_;
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::digest
