#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/funnel.hpp"
#include "storage/lead.hpp"
#include "storage/triage.hpp"

// The funnel of `leads report`: per source class, how many tab sessions reached each step from
// arrival to a lead the studio closed. The page's steps come from the daily counts
// (storage/funnel.hpp); sent, taken and done from the leads themselves, so they agree with the
// report's lead figures.
namespace landing::attribution {

inline constexpr std::array<std::string_view, 7> funnel_steps{"arrived", "cases", "docs", "form",
                                                              "sent",    "taken", "done"};
// Where the leads' own steps start in funnel_steps: the page counts those before.
inline constexpr std::size_t sent_step = 4;
inline constexpr std::size_t taken_step = 5;
inline constexpr std::size_t done_step = 6;

struct funnel_row {
  std::string source;
  std::array<std::uint64_t, funnel_steps.size()> steps{};
};

struct funnel {
  std::vector<funnel_row> sources;  // most arrivals first, then most leads sent, then by name
  funnel_row total{"total", {}};
};

// The days and locale the funnel covers: UTC day numbers, both included; an empty locale is any.
struct funnel_period {
  std::int64_t from_day = 0;
  std::int64_t to_day = 0;
  std::string locale;
};

// Sent counts the period's leads but a bot's (honeypot) and those the desk marked spam; taken,
// those of them a manager took (done later or not); done, those closed. Their desk state comes
// from `desk` (lead id -> state).
funnel build_funnel(const std::vector<storage::funnel_count>& counts,
                    const std::vector<storage::lead>& leads,
                    const std::map<std::string, storage::triage_state>& desk,
                    const funnel_period& period);

// The share of the step before that did not reach `step`, in percent; negative when more
// reached it (a lead sent without JavaScript counts as sent, though its page sent no step).
// None for the first step, or when the step before has none.
std::optional<double> drop_off(const funnel_row& row, std::size_t step);

}  // namespace landing::attribution

namespace landing::attribution {

// The report's renderings of the funnel: a table per source in text, an object in JSON and a
// chart in HTML. Each is empty (or has no rows) when nothing reached any step.
std::string funnel_text(const funnel& f);
std::string funnel_json(const funnel& f);  // a JSON object's text
std::string funnel_html(const funnel& f);
// The chart's own style rules, for the page's <style>.
extern const std::string_view funnel_style;

}  // namespace landing::attribution
