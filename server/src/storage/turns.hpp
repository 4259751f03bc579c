#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace landing::storage {

// Whose turn it is to write, inside this process: leads first, measurement when no lead waits.
// SQLite has one writer at a time, and a transaction that finds the lock taken sleeps in
// SQLite's busy handler (up to 100 ms a try), so a lead must never queue behind Web Vitals
// there. Here a lead waits at most for the one measurement batch already writing; a batch waits
// while any lead is writing or waiting.
class turns {
 public:
  template <class Work>
  auto lead(Work&& work) {
    const held turn(*this, true);
    return work();
  }
  template <class Work>
  auto measurement(Work&& work) {
    const held turn(*this, false);
    return work();
  }

 private:
  class held {
   public:
    held(turns& owner, bool lead);
    ~held();
    held(const held&) = delete;
    held& operator=(const held&) = delete;

   private:
    turns& owner_;
  };

  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t leads_waiting_ = 0;
  bool busy_ = false;
};

}  // namespace landing::storage
