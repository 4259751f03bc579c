#include "delivery/chat_link.hpp"

#include <algorithm>
#include <thread>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/fault.hpp"

namespace landing::delivery {

chat_link_finder::chat_link_finder(storage::triage_role& store, link_of_message link_of,
                                   chat_link_options options)
    : store_(store), link_of_(std::move(link_of)), options_(options) {}

std::optional<std::string> chat_link_finder::find(const storage::lead& item,
                                                  const std::atomic<bool>& cancel) const {
  const auto wait = options_.wait.count();
  const auto poll = std::max<std::int64_t>(options_.poll.count(), 1);
  // Bounded by the number of looks too, so a clock that stands still (a test's) cannot hold it.
  for (std::int64_t look = 0; look <= wait / poll + 1; ++look) {
    storage::chat_place place;
    try {
      place = store_.chat_place_of(item.id);
    } catch (const storage::error& e) {
      log::warn("chat_link_unread", {{"lead", item.id}, {"error", e.what()}});
      return std::nullopt;
    }
    if (place.where.message_id != 0) return link_of_(place.where);
    if (place.status != "pending") return std::nullopt;
    if (clock::now_ms() >= item.created_at + wait || cancel.load()) return std::nullopt;
    std::this_thread::sleep_for(options_.poll);
  }
  return std::nullopt;
}

}  // namespace landing::delivery
