#include "attribution/funnel_report.hpp"

#include <algorithm>

#include "attribution/source.hpp"
#include "common/clock.hpp"

namespace landing::attribution {
namespace {

std::size_t index_of(std::string_view step) {
  return static_cast<std::size_t>(std::find(funnel_steps.begin(), funnel_steps.end(), step) -
                                  funnel_steps.begin());
}

}  // namespace

funnel build_funnel(const std::vector<storage::funnel_count>& counts,
                    const std::vector<storage::lead>& leads,
                    const std::map<std::string, storage::triage_state>& desk,
                    const funnel_period& period) {
  std::map<std::string, funnel_row> rows;
  funnel out;
  const auto in_period = [&](std::int64_t day, const std::string& locale) {
    return day >= period.from_day && day <= period.to_day &&
           (period.locale.empty() || locale == period.locale);
  };
  const auto add = [&](const std::string& source, std::size_t step, std::uint64_t count) {
    auto& row = rows[source];
    row.source = source;
    row.steps[step] += count;
    out.total.steps[step] += count;
  };
  for (const auto& each : counts) {
    const auto step = index_of(each.step);
    // Only the page's steps are stored; anything else is not the funnel's.
    if (step >= sent_step || !in_period(each.day, each.locale)) continue;
    add(each.source, step, each.count);
  }
  for (const auto& lead : leads) {
    if (lead.status == "spam" || !in_period(clock::day_utc(lead.created_at), lead.locale)) continue;
    const auto state = desk.find(lead.id);
    if (state != desk.end() && state->second.status == "spam") continue;
    const auto source = lead.source_class.empty() ? std::string(unknown_class) : lead.source_class;
    add(source, sent_step, 1);
    if (state == desk.end()) continue;
    if (state->second.taken_at > 0) add(source, taken_step, 1);
    if (state->second.status == "done") add(source, done_step, 1);
  }
  for (auto& [_, row] : rows) out.sources.push_back(std::move(row));
  std::stable_sort(out.sources.begin(), out.sources.end(),
                   [](const funnel_row& a, const funnel_row& b) {
                     if (a.steps[0] != b.steps[0]) return a.steps[0] > b.steps[0];
                     return a.steps[sent_step] > b.steps[sent_step];
                   });
  return out;
}

std::optional<double> drop_off(const funnel_row& row, std::size_t step) {
  if (step == 0 || step >= funnel_steps.size() || row.steps[step - 1] == 0) return std::nullopt;
  return 100.0 *
         (1.0 - static_cast<double>(row.steps[step]) / static_cast<double>(row.steps[step - 1]));
}

}  // namespace landing::attribution
