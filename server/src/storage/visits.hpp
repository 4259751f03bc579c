#pragma once

#include <cstdint>
#include <string>
#include <vector>

// Arrivals, as counts only: how many tab sessions began per UTC day, locale and source class
// (contract/lead-source.json). No visitor, address or URL is stored.
namespace landing::storage {

struct visit_count {
  std::int64_t day = 0;  // days since 1970-01-01, UTC
  std::string locale;
  std::string source;  // the class: "google", "vc.ru", "direct", "other"…
  std::uint64_t count = 0;

  friend bool operator==(const visit_count&, const visit_count&) = default;
};

class visits_role {
 public:
  visits_role() = default;
  visits_role(const visits_role&) = delete;
  visits_role& operator=(const visits_role&) = delete;
  virtual ~visits_role() = default;

  // Adds the counts in one transaction. A day keeps at most `max_classes` source classes; a
  // class past them is counted as `overflow_class`, so a flood of made-up tags cannot grow the
  // table. Replicas adding at the same moment may pass the cap by a class or two.
  virtual void add_visits(const std::vector<visit_count>& batch, std::size_t max_classes,
                          const std::string& overflow_class) = 0;
  // Days from `from_day` on, of one locale (any for ""), ordered by day, locale and class.
  virtual std::vector<visit_count> read_visits(std::int64_t from_day,
                                               const std::string& locale) = 0;
  // Deletes the counts of days before `before_day`; how many rows went.
  virtual std::int64_t prune_visits(std::int64_t before_day) = 0;
};

}  // namespace landing::storage
