#include <ostream>

#include "common/clock.hpp"
#include "leads/cli.hpp"

// leads retry and leads redeliver: a lead, or a channel, sent again.
namespace landing::leads::cli {

int retry(storage::lead_store& store, const std::string& id, const std::string& channel,
          std::ostream& out, std::ostream& err) {
  if (id.empty()) {
    // The whole channel, after its receiver turned it off: on again, with the leads it held.
    const auto was = store.channel_disabled(channel);
    const auto count = store.enable_channel(channel);
    out << "channel " << channel << (was ? " enabled again (it was off: " + *was + ")" : " is on")
        << "; " << count << " leads queued for it\n";
    return 0;
  }
  if (!store.retry(id, channel)) {
    if (const auto item = store.find(id); item && item->status == "held") {
      err << "lead " << id
          << " is held: it goes to every channel configured at the server's next start\n";
      return 1;
    }
    err << "lead " << id << " has no failed or disabled delivery"
        << (channel.empty() ? "" : " to " + channel) << " (is the id right? `leads show " << id
        << "` tells)\n";
    return 1;
  }
  out << "lead " << id << " queued for delivery" << (channel.empty() ? "" : " to " + channel)
      << "\n";
  return 0;
}

int redeliver(storage::lead_store& store, const std::string& channel, const std::string& id,
              const std::string& since, std::ostream& out, std::ostream& err) {
  std::vector<std::string> ids;
  if (!id.empty()) {
    if (!store.find(id)) {
      err << "no lead with id " << id << "\n";
      return 1;
    }
    ids.push_back(id);
  } else {
    const auto start = clock::parse_day(since);
    if (!start) {
      err << "--since takes a day as YYYY-MM-DD (UTC), not '" << since << "'\n";
      return 2;
    }
    for (const auto& item : store.list("")) {
      if (item.created_at >= *start) ids.push_back(item.id);
    }
  }
  const auto count = store.redeliver(channel, ids);
  out << count << " of " << ids.size() << " leads queued for " << channel << " again";
  if (count < static_cast<std::int64_t>(ids.size())) {
    out << " (the rest never had a " << channel
        << " delivery: spam, held, or before the channel was configured)";
  }
  out << "\n";
  return 0;
}

}  // namespace landing::leads::cli
