#include "storage/triage.hpp"

namespace landing::storage {

triage_change decide_change(const std::optional<triage_state>& current,
                            const std::function<bool()>& clicked_before, const std::string& from,
                            const next_state& next, const lead_event& event,
                            const std::function<void(const triage_state&)>& write) {
  if (!current) return {false, false, false, {}};
  if (!event.click_id.empty() && clicked_before()) return {false, true, true, *current};
  if (current->status != from) return {false, true, false, *current};
  const auto after = next(*current);
  write(after);
  return {true, true, false, after};
}

}  // namespace landing::storage
