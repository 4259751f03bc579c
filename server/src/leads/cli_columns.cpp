#include "leads/cli_columns.hpp"

namespace landing::leads::cli {

states triage_by_lead(storage::lead_store& store) {
  states out;
  for (auto& [id, state] : store.triage_states()) out.emplace(id, std::move(state));
  return out;
}

const storage::channel_delivery* delivery_to(const storage::lead& item, std::string_view channel) {
  for (const auto& row : item.deliveries) {
    if (row.channel == channel) return &row;
  }
  return nullptr;
}

bool in_chat(const storage::lead& item) {
  const auto* row = delivery_to(item, "telegram");
  return row != nullptr && row->status == "delivered";
}

std::int64_t attempts_of(const storage::lead& item) {
  std::int64_t out = 0;
  for (const auto& row : item.deliveries) out += row.attempts;
  return out;
}

std::string errors_of(const storage::lead& item) {
  std::string out;
  for (const auto& row : item.deliveries) {
    if (row.last_error.empty()) continue;
    if (!out.empty()) out += "; ";
    out += row.channel + ": " + row.last_error;
  }
  return out;
}

std::string triage_status(const storage::lead& item, const states& known) {
  if (!in_chat(item)) return "-";
  const auto found = known.find(item.id);
  return found == known.end() ? "new" : found->second.status;
}

}  // namespace landing::leads::cli
