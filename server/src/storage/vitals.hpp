#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

// The aggregates of real visitors' Web Vitals as the store keeps them. Plain data: what the
// numbers mean (bucket edges, thresholds, the report) lives in vitals/. No visitor's value, address
// or agent is ever stored, only counts.
namespace landing::storage {

// What one aggregate row is about: a UTC day (days since 1970-01-01), the page's route pattern,
// its locale, the device class and the metric's name (LCP, INP, CLS, FCP, TTFB).
struct vitals_key {
  std::int64_t day = 0;
  std::string route;
  std::string locale;
  std::string device;
  std::string metric;

  friend bool operator==(const vitals_key&, const vitals_key&) = default;
  // Spelled out: clang-tidy 14 misreads a defaulted operator<=> (modernize-use-nullptr).
  friend bool operator<(const vitals_key& a, const vitals_key& b) {
    return std::tie(a.day, a.route, a.locale, a.device, a.metric) <
           std::tie(b.day, b.route, b.locale, b.device, b.metric);
  }
};

// An attribution target (the LCP element, the INP target, the largest shift's target) and how
// often it was the one. interaction_type is INP's ("pointer", "keyboard"), else empty. The
// store keeps a bounded list per key: targets past it are counted under an empty target.
struct vitals_target {
  std::string target;
  std::string interaction_type;
  std::uint64_t count = 0;
};

// A histogram bucket that holds at least one value: its index on the metric's fixed scale.
struct vitals_bucket {
  std::uint32_t index = 0;
  std::uint64_t count = 0;
};

struct vitals_aggregate {
  vitals_key key;
  std::uint64_t count = 0;
  std::uint64_t good = 0;
  std::uint64_t needs_improvement = 0;
  std::uint64_t poor = 0;
  double min = 0;
  double max = 0;
  std::vector<vitals_bucket> buckets;  // ascending index, no zero counts
  std::vector<vitals_target> targets;  // most frequent first
};

// Which aggregates a report reads: days from `from_day` on; an empty field matches any value.
struct vitals_query {
  std::int64_t from_day = 0;
  std::string route;
  std::string locale;
  std::string device;
};

// Targets kept per key; the others share the row with an empty target.
inline constexpr std::size_t vitals_targets_kept = 20;

// The aggregates' own role.
class vitals_role {
 public:
  vitals_role() = default;
  vitals_role(const vitals_role&) = delete;
  vitals_role& operator=(const vitals_role&) = delete;
  virtual ~vitals_role() = default;

  // Adds the batch's counts to the stored ones in one transaction; concurrent writers
  // (replicas) add up. Refused (storage::error) while free space is below twice the leads'
  // reserve, so measurement never takes the room leads need.
  virtual void add_vitals(const std::vector<vitals_aggregate>& batch) = 0;
  virtual std::vector<vitals_aggregate> read_vitals(const vitals_query& query) = 0;
  // Deletes the aggregates of days before `before_day`; how many rows went.
  virtual std::int64_t prune_vitals(std::int64_t before_day) = 0;
};

}  // namespace landing::storage
