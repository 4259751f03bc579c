#include "privacy/retention.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::privacy {

retention::retention(storage::lead_store& store, leads::lead_metrics& stats,
                     retention_options options)
    : store_(store), stats_(stats), options_(options) {
  thread_.start("retention", [this](worker::context& ctx) {
    // It looks often whether it leads rather than sleeping out the period: a replica may take
    // over from one that stopped, and a session's lock may come just after the owner's pass at
    // start, which then ran as a follower and erased nothing.
    const auto look = std::min(options_.every, options_.follower_poll);
    while (ctx.sleep_for(look)) {
      if (store_.leader() && due()) purge_once();
    }
  });
}

retention::~retention() { stop(); }

void retention::stop() { thread_.stop(); }

void retention::scrub() {
  try {
    store_.scrub_erased();
  } catch (const std::exception& e) {
    log::warn("erasure_scrub_failed",
              {{"reason", e.what()},
               {"effect",
                "erased leads' bytes stay in the database's files until the next hourly pass"}});
  }
}

bool retention::due() const {
  const auto last = last_pass_.load();
  return last == never ||
         std::chrono::steady_clock::now().time_since_epoch().count() - last >=
             std::chrono::duration_cast<std::chrono::steady_clock::duration>(options_.every)
                 .count();
}

std::size_t retention::purge_once() {
  try {
    if (!store_.leader()) return 0;
    last_pass_ = std::chrono::steady_clock::now().time_since_epoch().count();
    const auto now = clock::now_ms();
    const auto cutoff = now - std::int64_t{options_.days} * 86'400'000;
    std::size_t erased = 0;
    std::size_t cancelled = 0;
    for (;;) {
      const auto ids = store_.expired(cutoff, options_.batch);
      if (ids.empty()) break;
      for (const auto& record : store_.erase(ids, "retention", "", now)) {
        ++erased;
        if (record.delivery == "cancelled") ++cancelled;
      }
      if (ids.size() < static_cast<std::size_t>(options_.batch)) break;
    }
    if (erased > 0) stats_.count_erased(erased, cancelled);
    // Whatever erased them (this pass, `leads erase`, a pass a crash cut short), their bytes
    // leave the database's files before the pass reports them purged.
    scrub();
    // The delivery log of leads still kept goes by the same period (docs/delivery.md).
    if (const auto pruned = store_.prune_attempts(cutoff); pruned > 0) {
      log::info("delivery_log_pruned", {{"attempts", pruned}, {"retention_days", options_.days}});
    }
    if (erased > 0) {
      // Ids only: the record of what went is in the store (leads erasures).
      log::info("leads_purged", {{"leads", erased},
                                 {"deliveries_cancelled", cancelled},
                                 {"retention_days", options_.days}});
    }
    return erased;
  } catch (const std::exception& e) {
    log::warn("leads_purge_failed",
              {{"reason", e.what()}, {"effect", "tried again at the next hourly pass"}});
    return 0;
  }
}

}  // namespace landing::privacy
