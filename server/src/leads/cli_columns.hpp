#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "storage/store.hpp"

// What the lead commands (list, show, the CSV) read off a lead the same way: its channels, the
// chat's triage, its attempts and errors. For leads/cli*.cpp only.
namespace landing::leads::cli {

// The channels a lead can go to, in the order list and the CSV show them.
inline constexpr std::array<std::string_view, 3> channels{"telegram", "webhook", "email"};

using states = std::map<std::string, storage::triage_state>;

states triage_by_lead(storage::lead_store& store);
const storage::channel_delivery* delivery_to(const storage::lead& item, std::string_view channel);
// Delivered to the chat, where the desk's buttons are.
bool in_chat(const storage::lead& item);
// Every channel's attempts, the old column's meaning when Telegram was the only one.
std::int64_t attempts_of(const storage::lead& item);
// The last errors of the channels that have one, each behind its channel's name.
std::string errors_of(const storage::lead& item);
// The chat's status of a lead in the chat (new when nobody clicked), none for the others.
std::string triage_status(const storage::lead& item, const states& known);

}  // namespace landing::leads::cli
