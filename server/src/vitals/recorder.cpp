#include "vitals/recorder.hpp"

#include "attribution/source.hpp"
#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::vitals {

recorder::recorder(storage::lead_store& store, storage::turns& turns, counters& stats,
                   recorder_options options)
    : store_(store), turns_(turns), stats_(stats), options_(std::move(options)) {
  if (!options_.today) options_.today = clock::today_utc;
  thread_.start("vitals-writer", [this](worker::context& ctx) { run(ctx); });
}

recorder::~recorder() { stop(); }

bool recorder::offer(const beacon& item) { return fold(item); }
bool recorder::offer(const funnel_beacon& item) { return fold(item); }

template <typename Beacon>
bool recorder::fold(const Beacon& item) {
  const auto today = options_.today();
  {
    const std::lock_guard lock(mutex_);
    if (!thread_.stopping()) {
      pending_.add(item, today);
      ++pending_beacons_;
      // The first beacon starts the batch's clock, a full batch cuts it short.
      if (pending_beacons_ == 1 || pending_beacons_ == options_.batch_beacons) thread_.notify();
      return true;
    }
  }
  stats_.dropped();
  return false;
}

void recorder::stop() { thread_.stop(); }

bool recorder::has_pending() {
  const std::lock_guard lock(mutex_);
  return pending_beacons_ > 0;
}

bool recorder::batch_full() {
  const std::lock_guard lock(mutex_);
  return pending_beacons_ >= options_.batch_beacons;
}

void recorder::write(const batch& taken) {
  const auto beacons = taken.beacons;
  try {
    turns_.measurement([&] {
      if (!taken.rows.empty()) store_.add_vitals(taken.rows);
      const std::string other(attribution::other_class);
      if (!taken.visits.empty()) {
        store_.add_visits(taken.visits, attribution::max_classes_per_day, other);
      }
      if (!taken.funnel.empty()) {
        store_.add_funnel(taken.funnel, attribution::max_classes_per_day, other);
      }
    });
    if (failing_) log::info("vitals_writes_resumed", {});
    failing_ = false;
  } catch (const std::exception& e) {
    stats_.dropped(beacons);
    if (!failing_) {
      log::warn(
          "vitals_write_failed",
          {{"reason", e.what()},
           {"beacons", beacons},
           {"effect", "these beacons are lost and counted as dropped; leads are unaffected"}});
    }
    failing_ = true;
  }
}

void recorder::prune(std::int64_t today) {
  const auto keep_from = today - options_.retention_days + 1;
  try {
    const auto removed = turns_.measurement([&] {
      return store_.prune_vitals(keep_from) + store_.prune_visits(keep_from) +
             store_.prune_funnel(keep_from);
    });
    if (removed > 0) log::info("vitals_pruned", {{"rows", removed}, {"kept_from_day", keep_from}});
  } catch (const std::exception& e) {
    log::warn("vitals_prune_failed", {{"reason", e.what()}});
  }
}

void recorder::run(worker::context& ctx) {
  using clock = std::chrono::steady_clock;
  // At start first: a server that restarts often still keeps to the retention.
  prune(options_.today());
  auto next_prune = clock::now() + options_.prune_every;
  for (;;) {
    // Until the first beacon of a batch (its notify), the next prune or a stop; then until the
    // batch is full or flush_every has passed since, unless stopping.
    if (!has_pending()) ctx.wait_until(next_prune);
    if (has_pending()) {
      const auto flush_at = clock::now() + options_.flush_every;
      while (!batch_full() && clock::now() < flush_at && ctx.wait_until(flush_at)) {
      }
    }
    batch taken;
    bool last = false;
    {
      const std::lock_guard lock(mutex_);
      taken.rows = pending_.take();
      taken.visits = pending_.take_visits();
      taken.funnel = pending_.take_funnel();
      taken.beacons = std::exchange(pending_beacons_, 0);
      last = ctx.stopping();
    }
    if (taken.beacons > 0) write(taken);
    if (last) return;
    if (clock::now() >= next_prune) {
      prune(options_.today());
      next_prune = clock::now() + options_.prune_every;
    }
  }
}

}  // namespace landing::vitals
