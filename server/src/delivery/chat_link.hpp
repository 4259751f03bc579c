#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "storage/lead.hpp"
#include "storage/triage.hpp"

namespace landing::delivery {

// The link a CRM's copy of a lead carries to the lead's message in the studio's chat.
struct chat_link_options {
  // How long after a lead's arrival its CRM copy may wait for the chat's message. The chat
  // usually has it within a second; a chat that is down holds a CRM copy no longer than this.
  std::chrono::milliseconds wait{5000};
  // How often the store is asked meanwhile.
  std::chrono::milliseconds poll{200};
};

// What a CRM's channel asks for the link of the lead it sends (chat_link_finder::find, or
// nothing without a chat): the link, or nothing when there is none.
using chat_link_source =
    std::function<std::optional<std::string>(const storage::lead&, const std::atomic<bool>&)>;

// Finds the link to a lead's message in the chat for the CRMs. The chat's worker and a CRM's run
// side by side, so when a fresh lead's CRM attempt starts its message is often still on its way:
// while the lead's chat row is pending and the lead is younger than `wait`, find() waits for it.
// Nothing when the lead has no chat row, the chat gave up on it, the wait ran out, the chat has
// no message links (`link_of` says), or the store cannot be read: the CRM copy then goes without
// the link rather than not at all.
class chat_link_finder {
 public:
  using link_of_message = std::function<std::optional<std::string>(const storage::sent_message&)>;

  chat_link_finder(storage::triage_role& store, link_of_message link_of,
                   chat_link_options options = {});

  // Blocks at most until the lead is `wait` old, or `cancel` is set.
  std::optional<std::string> find(const storage::lead& item, const std::atomic<bool>& cancel) const;

 private:
  storage::triage_role& store_;
  link_of_message link_of_;
  chat_link_options options_;
};

}  // namespace landing::delivery
