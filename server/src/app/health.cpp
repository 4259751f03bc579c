#include "app/health.hpp"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <utility>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::app {

health_monitor::health_monitor(storage::lead_store& store, std::vector<std::string> channels,
                               bool telegram_configured,
                               std::function<std::size_t()> unrecorded_outcomes, options opts)
    : store_(store),
      channels_(std::move(channels)),
      telegram_configured_(telegram_configured),
      unrecorded_outcomes_(std::move(unrecorded_outcomes)),
      options_(std::move(opts)) {
  // The first finding is there before the first request can ask.
  check_once();
  thread_.start("health", [this](worker::context& ctx) { run(ctx); });
}

health_monitor::~health_monitor() { stop(); }

void health_monitor::stop() { thread_.stop(); }

void health_monitor::wake() { thread_.notify(); }

void health_monitor::run(worker::context& ctx) {
  while (ctx.wait_for(options_.interval)) {
    try {
      check_once();
    } catch (const std::exception& e) {
      log::error("health_check_error", {{"reason", e.what()}});
    }
  }
}

void health_monitor::check_once() {
  auto next = std::make_shared<finding>();
  const auto previous = latest();
  const auto started_at = clock::now_ms();
  const auto started = std::chrono::steady_clock::now();
  // With no finding yet there are no figures to keep (a check that threw after its read was
  // recorded published none).
  const bool with_figures = pacing_.due(started_at) || !previous;
  next->store = store_.check(with_figures);
  if (next->store.problem == storage::fault::none) {
    try {
      if (with_figures) {
        for (const auto& each : store_.triage_counts()) next->by_status[each.status] = each.leads;
      }
      for (const auto& name : channels_) {
        if (auto why = store_.channel_disabled(name)) next->disabled[name] = std::move(*why);
      }
    } catch (const storage::error&) {
      // The gauges stay at zero for this check; the next one asks again.
    }
  }
  if (with_figures) {
    // Timed with the store's own check (the file; on PostgreSQL a write), so the figures are
    // paced a little more than they need, never less.
    const auto measured = std::chrono::steady_clock::now() - started;
    pacing_.record(started_at, options_.read_cost ? options_.read_cost(measured) : measured);
    next->figures_at = started_at;
  } else {
    next->store.channels = previous->store.channels;
    next->by_status = previous->by_status;
    next->figures_at = previous->figures_at;
  }
  next->unrecorded = unrecorded_outcomes_ ? unrecorded_outcomes_() : 0;
  next->checked_at = clock::now_ms();
  const auto was = previous ? previous->store.problem : storage::fault::none;
  const auto is = next->store.problem;
  if (is != storage::fault::none) {
    next->fault_since =
        was != storage::fault::none && previous ? previous->fault_since : next->checked_at;
  }
  if (is != was) {
    if (is == storage::fault::none) {
      log::info("database_recovered", {{"was", storage::fault_name(was)}});
    } else {
      log::error("database_fault", {{"database", storage::fault_name(is)},
                                    {"reason", next->store.reason},
                                    {"effect", "new leads are refused with 503 until it clears"}});
    }
  }
  latest_.store(std::move(next));
}

std::shared_ptr<const health_monitor::finding> health_monitor::latest() const {
  return latest_.load();
}

health_monitor::verdict health_monitor::judge(const finding& found, std::int64_t at) const {
  const bool stale = at - found.checked_at > options_.stale_after.count();
  const bool writable = found.store.problem == storage::fault::none && !stale;
  if (draining_.load()) return {"draining", 503};
  return writable ? verdict{"ok", 200} : verdict{"degraded", 503};
}

http::response health_monitor::healthz() const {
  const auto found = latest();
  const auto at = clock::now_ms();
  boost::json::object body;
  const bool stale = at - found->checked_at > options_.stale_after.count();
  const auto now = judge(*found, at);
  body["status"] = now.status;
  body["database"] = stale ? "unchecked" : storage::fault_name(found->store.problem);
  if (stale) {
    body["reason"] =
        "the last check of the database is " + std::to_string(at - found->checked_at) + " ms old";
  } else if (!found->store.reason.empty()) {
    body["reason"] = found->store.reason;
  }
  if (found->fault_since) body["fault_age_ms"] = at - found->fault_since;
  body["telegram"] = telegram_configured_ ? "configured" : "not_configured";
  // Among replicas on one PostgreSQL, the one that runs what one process may do at a time.
  body["leader"] = found->store.leader;
  if (const auto& db = found->store.database) {
    body["database_host"] = db->host;
    body["reconnects"] = db->reconnects;
    body["unreachable_ms"] =
        db->unreachable_ms + (db->unreachable_since ? at - db->unreachable_since : 0);
    // What a lost disk would cost: nothing with a synchronous standby (docs/deploy.md).
    body["synchronous_standby"] = db->standby.empty() ? "unknown" : db->standby;
  }
  std::int64_t depth = 0;
  std::int64_t oldest = 0;
  std::int64_t last = 0;
  boost::json::object channels;
  for (const auto& name : channels_) channels[name] = boost::json::object{{"configured", true}};
  for (const auto& row : found->store.channels) {
    depth += row.pending;
    if (row.oldest_pending_at && (!oldest || row.oldest_pending_at < oldest)) {
      oldest = row.oldest_pending_at;
    }
    last = std::max(last, row.last_delivered_at);
    auto& entry = channels[row.channel];
    if (!entry.is_object()) entry = boost::json::object{{"configured", false}};
    auto& out = entry.as_object();
    out["pending"] = row.pending;
    out["delivered"] = row.delivered;
    out["failed"] = row.failed;
    out["disabled"] = row.disabled;
    out["oldest_pending_age_ms"] = row.oldest_pending_at ? at - row.oldest_pending_at : 0;
  }
  for (auto& [name, entry] : channels) {
    const auto off = found->disabled.find(std::string(name));
    entry.as_object()["state"] = off == found->disabled.end() ? "on" : "disabled";
    if (off != found->disabled.end()) entry.as_object()["disabled_reason"] = off->second;
  }
  body["outbox_depth"] = depth;
  // Whole milliseconds: Boost.JSON writes every double with an exponent ("0E0"), which is
  // valid but reads badly in an operator's terminal.
  body["oldest_pending_age_ms"] = oldest ? at - oldest : 0;
  if (last) {
    body["last_delivery_age_ms"] = at - last;
  } else {
    body["last_delivery_age_ms"] = nullptr;
  }
  body["channels"] = std::move(channels);
  body["unrecorded_outcomes"] = found->unrecorded;
  body["checked_age_ms"] = at - found->checked_at;
  // The channels' counts and the outbox depth are as old as this (see figures_pacing).
  body["figures_age_ms"] = at - found->figures_at;
  if (updates_report_) body["telegram_updates"] = updates_report_();
  return http::json_response(now.code, boost::json::serialize(body));
}

http::response health_monitor::readiness() const {
  const auto now = judge(*latest(), clock::now_ms());
  return http::json_response(now.code,
                             boost::json::serialize(boost::json::object{{"status", now.status}}));
}

leads::gauges health_monitor::gauges() const {
  const auto found = latest();
  std::int64_t depth = 0;
  std::int64_t oldest_at = 0;
  for (const auto& row : found->store.channels) {
    depth += row.pending;
    if (row.oldest_pending_at && (!oldest_at || row.oldest_pending_at < oldest_at)) {
      oldest_at = row.oldest_pending_at;
    }
  }
  const double oldest = oldest_at ? static_cast<double>(clock::now_ms() - oldest_at) / 1000.0 : 0;
  return {static_cast<std::uint64_t>(depth), oldest, found->store.problem == storage::fault::none,
          found->unrecorded, found->by_status};
}

std::optional<storage::database_figures> health_monitor::database() const {
  return latest()->store.database;
}

std::vector<storage::channel_figures> health_monitor::channel_figures() const {
  return latest()->store.channels;
}

}  // namespace landing::app
