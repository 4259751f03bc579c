#include "privacy/retention.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::privacy {

retention::retention(storage::lead_store& store, leads::lead_metrics& stats,
                     retention_options options)
    : store_(store), stats_(stats), options_(options) {
  thread_.start("retention", [this](worker::context& ctx) {
    // A replica that does not lead looks again soon: it may take over from one that stopped.
    auto pause = store_.leader() ? options_.every : options_.follower_poll;
    while (ctx.sleep_for(pause)) {
      const bool leads = store_.leader();
      if (leads) purge_once();
      pause = leads ? options_.every : options_.follower_poll;
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

std::size_t retention::purge_once() {
  try {
    if (!store_.leader()) return 0;
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
