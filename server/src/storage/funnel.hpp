#pragma once

#include <cstdint>
#include <string>
#include <vector>

// How far visits got, as counts only: per UTC day, locale, source class and device, how many tab
// sessions reached each of the page's steps (contract/funnel-beacon.json: arrived, cases, docs,
// form). The steps after those (sent, taken, done) are the leads' own and are read from them.
// No visitor, address or URL is stored.
namespace landing::storage {

struct funnel_count {
  std::int64_t day = 0;  // days since 1970-01-01, UTC
  std::string locale;
  std::string source;  // the class, as visits have it
  std::string device;  // mobile, desktop
  std::string step;
  std::uint64_t count = 0;

  friend bool operator==(const funnel_count&, const funnel_count&) = default;
};

class funnel_role {
 public:
  funnel_role() = default;
  funnel_role(const funnel_role&) = delete;
  funnel_role& operator=(const funnel_role&) = delete;
  virtual ~funnel_role() = default;

  // Adds the counts in one transaction. A day keeps at most `max_classes` source classes; a
  // class past them is counted as `overflow_class`, as visits are.
  virtual void add_funnel(const std::vector<funnel_count>& batch, std::size_t max_classes,
                          const std::string& overflow_class) = 0;
  // Days from `from_day` on, of one locale (any for ""), ordered by day, locale, class, device
  // and step.
  virtual std::vector<funnel_count> read_funnel(std::int64_t from_day,
                                                const std::string& locale) = 0;
  // Deletes the counts of days before `before_day`; how many rows went.
  virtual std::int64_t prune_funnel(std::int64_t before_day) = 0;
};

}  // namespace landing::storage
