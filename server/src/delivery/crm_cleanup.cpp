#include "delivery/crm_cleanup.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::delivery {
namespace {

void clean(storage::lead_store& store, const storage::crm_copy& copy, erasable* channel,
           const crm_cleanup_options& options, std::mt19937_64& random,
           const std::atomic<bool>& cancel) {
  erase_result result{erase_result::later, {}, copy.channel + " is not configured"};
  if (channel != nullptr) result = channel->erase_copy(copy.lead_id, cancel);
  if (cancel) return;
  if (result.what == erase_result::done) {
    store.crm_copy_done(copy.lead_id, copy.channel, result.outcome);
    log::info("crm_copy_cleaned",
              {{"id", copy.lead_id}, {"channel", copy.channel}, {"how", result.outcome}});
    return;
  }
  if (result.what == erase_result::later && copy.attempts + 1 < options.attempts) {
    const auto delay = backoff_delay(options.backoff, static_cast<int>(copy.attempts) + 1, random);
    store.crm_copy_later(copy.lead_id, copy.channel, clock::now_ms() + delay.count());
    log::warn("crm_copy_retry", {{"id", copy.lead_id},
                                 {"channel", copy.channel},
                                 {"attempt", copy.attempts + 1},
                                 {"reason", result.reason}});
    return;
  }
  const auto why = result.what == erase_result::failed ? result.outcome : result.reason;
  store.crm_copy_done(copy.lead_id, copy.channel, "failed: " + why);
  log::error("crm_copy_failed", {{"id", copy.lead_id},
                                 {"channel", copy.channel},
                                 {"reason", why},
                                 {"effect",
                                  "the lead stays in the CRM; its erasure record says so "
                                  "(leads erasures); delete it there by hand"}});
}

}  // namespace

void clean_crm_copies(storage::lead_store& store, const std::vector<erasable*>& channels,
                      const crm_cleanup_options& options, std::mt19937_64& random,
                      const std::atomic<bool>& cancel) {
  for (const auto& copy : store.crm_copies(clock::now_ms(), 20)) {
    if (cancel) return;
    erasable* found = nullptr;
    for (auto* each : channels) {
      if (each->erasable_name() == copy.channel) found = each;
    }
    clean(store, copy, found, options, random, cancel);
  }
}

crm_cleanup::crm_cleanup(storage::lead_store& store, std::vector<erasable*> channels,
                         crm_cleanup_options options)
    : store_(store), channels_(std::move(channels)), options_(options) {
  thread_.start("crm-cleanup", [this](worker::context& ctx) {
    do {
      try {
        // Among replicas one cleans, as one purges.
        if (store_.leader()) clean_crm_copies(store_, channels_, options_, random_, stopping_);
      } catch (const std::exception& e) {
        // The queue is in the store; the next pass picks up where this one stopped.
        log::warn("crm_cleanup_error", {{"reason", e.what()}});
      }
    } while (ctx.sleep_for(options_.poll));
  });
}

crm_cleanup::~crm_cleanup() { stop(); }

void crm_cleanup::stop() {
  stopping_ = true;
  thread_.stop();
}

}  // namespace landing::delivery
