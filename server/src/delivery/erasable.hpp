#pragma once

#include <atomic>
#include <string>
#include <string_view>

// A channel that can take back what it delivered: a CRM, whose copy of an erased lead is
// deleted there (storage/erasure.hpp, crm_copy; crm_cleanup.hpp runs them).
namespace landing::delivery {

struct erase_result {
  enum kind {
    done,   // nothing of the lead is left there: `outcome` says how (deleted #N, not there)
    later,  // the CRM did not answer or refused for now: try again
    failed  // it cannot be deleted through the API: `outcome` says why
  } what = later;
  std::string outcome;
  std::string reason;  // later: for the log
};

class erasable {
 public:
  erasable() = default;
  erasable(const erasable&) = delete;
  erasable& operator=(const erasable&) = delete;
  virtual ~erasable() = default;

  // The channel's name in the outbox, as its rows and the crm_copy name it.
  [[nodiscard]] virtual std::string_view erasable_name() const = 0;
  // Finds our lead there by its id and deletes it. Throws nothing.
  virtual erase_result erase_copy(const std::string& lead_id, const std::atomic<bool>& cancel) = 0;
};

}  // namespace landing::delivery
