#pragma once

#include <mutex>
#include <string>
#include <utility>

#include "storage/fault.hpp"

namespace landing::storage {

// The last write's outcome, as both engines keep it for check(): a failure stands until a write
// succeeds, and until then /healthz reports it (after a failed write nothing else proves the
// disk or the database takes writes again).
class last_write {
 public:
  void succeeded() { note({}, fault::none); }
  void failed(const std::string& reason, fault problem) { note(reason, problem); }

  [[nodiscard]] bool failing() const {
    const std::lock_guard lock(mutex_);
    return !reason_.empty();
  }
  // The standing failure: its fault (write_failed when the engine named none) and reason;
  // fault::none while writes work.
  [[nodiscard]] std::pair<fault, std::string> failure() const {
    const std::lock_guard lock(mutex_);
    if (reason_.empty()) return {fault::none, {}};
    return {problem_ == fault::none ? fault::write_failed : problem_, reason_};
  }

 private:
  void note(const std::string& reason, fault problem) {
    const std::lock_guard lock(mutex_);
    reason_ = reason;
    problem_ = problem;
  }

  mutable std::mutex mutex_;
  std::string reason_;  // empty once a write has succeeded since
  fault problem_ = fault::none;
};

}  // namespace landing::storage
