#include "storage/postgres/store.hpp"

#include <poll.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/postgres/arrays.hpp"
#include "storage/postgres/migrations.hpp"
#include "storage/postgres/triage.hpp"
#include "storage/postgres/vitals.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::postgres {
namespace {

// The advisory lock whose holder leads. Any number, the same in every replica.
constexpr const char* leader_lock = "SELECT pg_try_advisory_lock(727002)";
constexpr const char* new_leads_channel = "landing_leads";

constexpr const char* lead_columns =
    "l.id, l.created_at, l.name, l.social, l.email, l.message, l.locale, l.client, l.status, "
    "l.attempts, l.last_error, l.delivered_at";

std::string with_columns(const char* before, const char* after) {
  return std::string(before) + lead_columns + after;
}

lead read_lead(const result& rows, int row) {
  lead out;
  out.id = rows.text(row, 0);
  out.created_at = rows.integer(row, 1);
  out.fields = {rows.text(row, 2), rows.text(row, 3), rows.text(row, 4), rows.text(row, 5)};
  out.locale = rows.text(row, 6);
  out.client = rows.text(row, 7);
  out.status = rows.text(row, 8);
  out.attempts = rows.integer(row, 9);
  out.last_error = rows.text(row, 10);
  out.delivered_at = rows.integer(row, 11);
  return out;
}

std::string str(std::int64_t number) { return std::to_string(number); }

fault fault_of(const error& e) {
  if (e.connection_lost || e.sqlstate.starts_with("08")) return fault::unavailable;
  if (e.sqlstate.starts_with("53")) return fault::disk_full;  // insufficient resources
  if (e.sqlstate == "25006") return fault::read_only;         // a standby
  return fault::write_failed;
}

}  // namespace

bool is_uri(std::string_view db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

store::store(std::string uri, options opts)
    : uri_(std::move(uri)), options_(opts), random_(std::random_device{}()) {
  try {
    auto conn = open_connection();
    migrate(*conn);
    release(std::move(conn));
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  if (options_.session) {
    background_thread_.start("pg-session", [this](worker::context& ctx) { background(ctx); });
  }
}

store::~store() { stop(); }

void store::stop() { background_thread_.stop(); }

std::unique_ptr<connection> store::open_connection() {
  {
    const std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      auto conn = std::move(idle_.back());
      idle_.pop_back();
      return conn;
    }
  }
  {
    const std::lock_guard lock(outage_mutex_);
    if (const auto wait = retry_at_ - clock::now_ms(); wait > 0) {
      throw error("PostgreSQL is unreachable (" + outage_ + "); next attempt in " +
                      std::to_string(wait) + " ms",
                  "", true);
    }
  }
  try {
    auto conn = std::make_unique<connection>(uri_, options_.connect_timeout);
    const std::lock_guard lock(outage_mutex_);
    if (connect_failures_ > 0)
      log::info("database_reconnected", {{"after_failures", connect_failures_}});
    connect_failures_ = 0;
    retry_at_ = 0;
    outage_.clear();
    return conn;
  } catch (const error& e) {
    const std::lock_guard lock(outage_mutex_);
    ++connect_failures_;
    // 100 ms, doubling, at most 5 s between attempts.
    const auto backoff = std::min<std::int64_t>(5000, 100LL << std::min(connect_failures_, 6));
    retry_at_ = clock::now_ms() + backoff;
    outage_ = e.what();
    throw;
  }
}

void store::release(std::unique_ptr<connection> conn) {
  if (!conn || !conn->alive()) return;
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(conn));
}

void store::note_write(const std::string& failure, fault problem) {
  const std::lock_guard lock(failure_mutex_);
  last_write_failure_ = failure;
  last_write_fault_ = problem;
}

template <class Work>
auto store::run(bool writes, Work&& work) {
  std::unique_ptr<connection> conn;
  try {
    conn = open_connection();
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  try {
    auto out = work(*conn);
    release(std::move(conn));
    if (writes) note_write({});
    return out;
  } catch (const error& e) {
    if (e.connection_lost || !conn->alive()) {
      // The other pooled connections went with the server, most likely: start afresh.
      conn.reset();
      const std::lock_guard lock(pool_mutex_);
      idle_.clear();
    } else {
      release(std::move(conn));
    }
    const auto problem = fault_of(e);
    if (writes) note_write(e.what(), problem);
    throw storage::error(problem, e.what());
  }
}

std::vector<std::string> store::insert_batch(const std::vector<new_lead>& leads, bool held) {
  return run(true, [&](connection& conn) {
    std::vector<std::string> ids;
    std::vector<std::string> names, socials, emails, messages, locales, clients, statuses, queued;
    const auto created = clock::now_ms();
    for (const auto& item : leads) {
      {
        const std::lock_guard lock(random_mutex_);
        ids.push_back(make_ulid(static_cast<std::uint64_t>(created), random_));
      }
      names.push_back(item.fields.name);
      socials.push_back(item.fields.social);
      emails.push_back(item.fields.email);
      messages.push_back(item.fields.message);
      locales.push_back(item.locale);
      clients.push_back(item.client);
      statuses.emplace_back(item.spam ? "spam" : held ? "held" : "pending");
      // Spam is kept for the record but never enters the outbox.
      if (!item.spam) queued.push_back(ids.back());
    }
    transaction txn(conn);
    // One statement for the whole batch: a round trip per batch, not per lead.
    conn.exec(
        "INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status) "
        "SELECT id, $2::bigint, name, social, email, message, locale, client, status FROM "
        "unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], "
        "$8::text[], $9::text[]) AS t(id, name, social, email, message, locale, client, status)",
        {text_array(ids), str(created), text_array(names), text_array(socials), text_array(emails),
         text_array(messages), text_array(locales), text_array(clients), text_array(statuses)});
    if (!queued.empty()) {
      conn.exec(
          "INSERT INTO outbox (lead_id, next_attempt_at) SELECT unnest($1::text[]), $2::bigint",
          {text_array(queued), str(created)});
      // Wakes every replica's outbox at once, instead of at its next poll.
      if (!held) conn.exec(std::string("NOTIFY ") + new_leads_channel);
    }
    txn.commit();
    return ids;
  });
}

std::int64_t store::release_held() {
  return run(true, [](connection& conn) {
    const auto rows = conn.exec(
        "WITH released AS (UPDATE leads SET status = 'pending' WHERE status = 'held' RETURNING 1) "
        "SELECT count(*) FROM released");
    return rows.integer(0, 0);
  });
}

std::optional<std::int64_t> store::next_due_at(const std::string& owner, std::int64_t now_ms) {
  return run(false, [&](connection& conn) -> std::optional<std::int64_t> {
    // A lead another owner holds is free once its claim ends.
    const auto rows = conn.exec(
        "SELECT min(CASE WHEN o.claimed_by IS NOT NULL AND o.claimed_by <> $1 AND "
        "o.claimed_until > $2::bigint THEN greatest(o.next_attempt_at, o.claimed_until) ELSE "
        "o.next_attempt_at END) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.status = "
        "'pending'",
        {owner, str(now_ms)});
    if (rows.is_null(0, 0)) return std::nullopt;
    return rows.integer(0, 0);
  });
}

std::optional<lead> store::claim_next(const std::string& owner, std::int64_t now_ms,
                                      std::int64_t lease_ms, const std::vector<std::string>& skip) {
  return run(true, [&](connection& conn) -> std::optional<lead> {
    // SKIP LOCKED: a row another replica is claiming this instant is left to it.
    const auto claimed = conn.exec(
        "UPDATE outbox SET claimed_by = $1, claimed_until = $2::bigint + $3::bigint WHERE "
        "lead_id = (SELECT o.lead_id FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE "
        "l.status = 'pending' AND o.next_attempt_at <= $2::bigint AND (o.claimed_by IS NULL OR "
        "o.claimed_until < $2::bigint OR o.claimed_by = $1) AND o.lead_id <> ALL($4::text[]) "
        "ORDER BY o.next_attempt_at, l.created_at LIMIT 1 FOR UPDATE OF o SKIP LOCKED) "
        "RETURNING lead_id, next_attempt_at",
        {owner, str(now_ms), str(lease_ms), text_array(skip)});
    if (claimed.rows() == 0) return std::nullopt;
    const auto rows =
        conn.exec(with_columns("SELECT ", " FROM leads l WHERE l.id = $1"), {claimed.text(0, 0)});
    if (rows.rows() == 0) return std::nullopt;
    auto out = read_lead(rows, 0);
    out.next_attempt_at = claimed.integer(0, 1);
    return out;
  });
}

void store::mark_delivered(const std::string& id, std::int64_t at_ms, const sent_message& where) {
  run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "UPDATE leads SET status = 'delivered', delivered_at = $1::bigint, attempts = attempts + "
        "1, last_error = NULL WHERE id = $2",
        {str(at_ms), id});
    conn.exec("DELETE FROM outbox WHERE lead_id = $1", {id});
    if (where.message_id != 0) postgres::note_message(conn, id, where);
    txn.commit();
    return true;
  });
}

void store::reschedule(const std::string& id, std::int64_t next_attempt_ms,
                       const std::string& error) {
  run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("UPDATE leads SET attempts = attempts + 1, last_error = $1 WHERE id = $2",
              {error, id});
    conn.exec(
        "UPDATE outbox SET next_attempt_at = $1::bigint, claimed_by = NULL, claimed_until = NULL "
        "WHERE lead_id = $2",
        {str(next_attempt_ms), id});
    txn.commit();
    return true;
  });
}

void store::mark_failed(const std::string& id, const std::string& reason) {
  run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "UPDATE leads SET status = 'failed', attempts = attempts + 1, last_error = $1 WHERE id = "
        "$2",
        {reason, id});
    conn.exec("DELETE FROM outbox WHERE lead_id = $1", {id});
    txn.commit();
    return true;
  });
}

bool store::retry(const std::string& id) {
  return run(true, [&](connection& conn) {
    transaction txn(conn);
    const auto changed = conn.exec(
        "UPDATE leads SET status = 'pending', last_error = NULL WHERE id = $1 AND status IN "
        "('failed', 'held', 'pending') RETURNING id",
        {id});
    if (changed.rows() == 0) return false;
    conn.exec(
        "INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2::bigint) ON CONFLICT "
        "(lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, claimed_by = NULL, "
        "claimed_until = NULL",
        {id, str(clock::now_ms())});
    txn.commit();
    return true;
  });
}

lead_store::turn store::take_turn(const std::string& owner, std::int64_t now_ms,
                                  std::int64_t hold_ms) {
  return run(true, [&](connection& conn) -> turn {
    const auto taken = conn.exec(
        "UPDATE chat_state SET turn_owner = $1, turn_until = $2::bigint + $3::bigint WHERE id = "
        "1 AND next_send_at <= $2::bigint AND (turn_owner IS NULL OR turn_until < $2::bigint OR "
        "turn_owner = $1) RETURNING 1",
        {owner, str(now_ms), str(hold_ms)});
    if (taken.rows() > 0) return {true, 0};
    const auto state =
        conn.exec("SELECT next_send_at, turn_owner, turn_until FROM chat_state WHERE id = 1");
    auto retry_at = state.integer(0, 0);
    if (!state.is_null(0, 1) && state.text(0, 1) != owner && state.integer(0, 2) > now_ms) {
      retry_at = std::max(retry_at, state.integer(0, 2));
    }
    return {false, retry_at};
  });
}

void store::end_turn(const std::string& owner, std::int64_t next_send_ms) {
  run(true, [&](connection& conn) {
    // The send happened whoever holds the turn now, so the pacing counts it either way.
    conn.exec(
        "UPDATE chat_state SET next_send_at = greatest(next_send_at, $2::bigint), turn_owner = "
        "CASE WHEN turn_owner = $1 THEN NULL ELSE turn_owner END, turn_until = CASE WHEN "
        "turn_owner = $1 THEN NULL ELSE turn_until END WHERE id = 1",
        {owner, str(next_send_ms)});
    return true;
  });
}

std::optional<lead> store::find(const std::string& id) {
  return run(false, [&](connection& conn) -> std::optional<lead> {
    const auto rows = conn.exec(with_columns("SELECT ", " FROM leads l WHERE l.id = $1"), {id});
    if (rows.rows() == 0) return std::nullopt;
    return read_lead(rows, 0);
  });
}

std::vector<lead> store::list(const std::string& status) {
  return run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ", " FROM leads l WHERE $1 = '' OR l.status = $1 ORDER BY l.id"),
        {status});
    std::vector<lead> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) out.push_back(read_lead(rows, i));
    return out;
  });
}

std::vector<lead_store::stored_lead> store::export_all() {
  return run(false, [](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ",
                     ", o.next_attempt_at, o.lead_id IS NOT NULL FROM leads l LEFT JOIN outbox o "
                     "ON o.lead_id = l.id ORDER BY l.id"));
    auto desks = postgres::export_desks(conn);
    std::vector<stored_lead> out;
    for (int i = 0; i < rows.rows(); ++i) {
      stored_lead item{read_lead(rows, i), rows.text(i, 13) == "t"};
      item.record.next_attempt_at = rows.integer(i, 12);
      if (const auto found = desks.find(item.record.id); found != desks.end()) {
        item.desk = std::move(found->second);
      }
      out.push_back(std::move(item));
    }
    return out;
  });
}

bool store::import(const stored_lead& item) {
  return run(true, [&](connection& conn) {
    const auto& l = item.record;
    transaction txn(conn);
    const auto inserted = conn.exec(
        "INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status, "
        "attempts, last_error, delivered_at) VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8, $9, "
        "$10::integer, $11, $12::bigint) ON CONFLICT (id) DO NOTHING RETURNING id",
        {l.id, str(l.created_at), l.fields.name, l.fields.social, l.fields.email, l.fields.message,
         l.locale, l.client, l.status, str(l.attempts),
         l.last_error.empty() ? param{} : param{l.last_error},
         l.delivered_at == 0 ? param{} : param{str(l.delivered_at)}});
    if (inserted.rows() == 0) return false;
    if (item.queued) {
      conn.exec("INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2::bigint)",
                {l.id, str(l.next_attempt_at)});
    }
    postgres::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

std::vector<std::int64_t> store::take_tokens(const std::vector<std::string>& clients,
                                             std::int64_t now_ms, double burst, double per_second) {
  bucket_refill_ms_ = burst / per_second * 1000.0;
  std::vector<std::string> distinct = clients;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  return run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "INSERT INTO rate_buckets (client, tokens, updated_at) SELECT unnest($1::text[]), "
        "$2::float8, $3::bigint ON CONFLICT (client) DO NOTHING",
        {text_array(distinct), std::to_string(burst), str(now_ms)});
    // In client order, so two replicas locking the same buckets cannot deadlock.
    const auto rows = conn.exec(
        "SELECT client, tokens, updated_at FROM rate_buckets WHERE client = ANY($1::text[]) ORDER "
        "BY client FOR UPDATE",
        {text_array(distinct)});
    std::map<std::string, double> tokens;
    for (int i = 0; i < rows.rows(); ++i) {
      const double elapsed_s = static_cast<double>(now_ms - rows.integer(i, 2)) / 1000.0;
      tokens[rows.text(i, 0)] =
          std::min(burst, rows.number(i, 1) + std::max(0.0, elapsed_s) * per_second);
    }
    std::vector<std::int64_t> waits;
    waits.reserve(clients.size());
    for (const auto& client : clients) {
      auto& left = tokens[client];
      if (left >= 1.0) {
        left -= 1.0;
        waits.push_back(0);
      } else {
        waits.push_back(static_cast<std::int64_t>(std::ceil((1.0 - left) / per_second)));
      }
    }
    std::vector<std::string> names;
    std::vector<double> values;
    for (const auto& [client, left] : tokens) {
      names.push_back(client);
      values.push_back(left);
    }
    conn.exec(
        "UPDATE rate_buckets b SET tokens = t.tokens, updated_at = $3::bigint FROM "
        "unnest($1::text[], $2::float8[]) AS t(client, tokens) WHERE b.client = t.client",
        {text_array(names), number_array(values), str(now_ms)});
    txn.commit();
    return waits;
  });
}

triage_change store::change_triage(const std::string& id, const std::string& from,
                                   const std::string& to, const std::string& action,
                                   const actor& who, std::int64_t at_ms,
                                   const std::string& click_id) {
  return run(true, [&](connection& conn) {
    return postgres::change_triage(conn, id, from, to, action, who, at_ms, click_id);
  });
}

std::optional<triage_state> store::triage_of(const std::string& id) {
  return run(false, [&](connection& conn) { return postgres::triage_of(conn, id); });
}

std::vector<lead_event> store::events_of(const std::string& id) {
  return run(false, [&](connection& conn) { return postgres::events_of(conn, id); });
}

std::vector<std::pair<std::string, triage_state>> store::triage_states() {
  return run(false, [](connection& conn) { return postgres::triage_states(conn); });
}

std::vector<triage_count> store::triage_counts() {
  return run(false, [](connection& conn) { return postgres::triage_counts(conn); });
}

std::vector<reminder_due> store::due_reminders(std::int64_t delivered_before_ms, int limit) {
  return run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ",
                     ", m.chat_id, m.message_id FROM leads l JOIN lead_messages m ON m.lead_id = "
                     "l.id LEFT JOIN lead_triage t ON t.lead_id = l.id WHERE l.status = "
                     "'delivered' AND m.reminded_at IS NULL AND (t.status IS NULL OR t.status = "
                     "'new') AND l.delivered_at <= $1::bigint ORDER BY l.delivered_at LIMIT "
                     "$2::bigint"),
        {str(delivered_before_ms), str(limit)});
    std::vector<reminder_due> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({read_lead(rows, i), {rows.integer(i, 12), rows.integer(i, 13)}});
    }
    return out;
  });
}

bool store::claim_reminder(const std::string& id, std::int64_t at_ms) {
  return run(true, [&](connection& conn) { return postgres::claim_reminder(conn, id, at_ms); });
}

std::optional<std::string> store::setting(const std::string& key) {
  return run(false, [&](connection& conn) { return postgres::setting(conn, key); });
}

void store::set_setting(const std::string& key, const std::string& value) {
  run(true, [&](connection& conn) {
    postgres::set_setting(conn, key, value);
    return true;
  });
}

std::vector<std::pair<std::string, std::string>> store::settings() {
  return run(false, [](connection& conn) { return postgres::settings(conn); });
}

void store::add_vitals(const std::vector<vitals_aggregate>& batch) {
  run(true, [&](connection& conn) {
    postgres::add_vitals(conn, batch);
    return true;
  });
}

std::vector<vitals_aggregate> store::read_vitals(const vitals_query& query) {
  return run(false, [&](connection& conn) { return postgres::read_vitals(conn, query); });
}

std::int64_t store::prune_vitals(std::int64_t before_day) {
  return run(true, [&](connection& conn) { return postgres::prune_vitals(conn, before_day); });
}

void store::prune_buckets(std::int64_t now_ms) {
  const double refill = bucket_refill_ms_.load();
  if (refill <= 0 || now_ms - pruned_at_ < 60000) return;
  pruned_at_ = now_ms;
  // A bucket that has refilled says nothing a fresh one would not.
  run(true, [&](connection& conn) {
    conn.exec("DELETE FROM rate_buckets WHERE updated_at < $1::bigint",
              {str(now_ms - static_cast<std::int64_t>(refill))});
    return true;
  });
}

void store::on_new_leads(std::function<void()> wake) {
  const std::lock_guard lock(wake_mutex_);
  wake_ = std::move(wake);
}

// The session of its own: LISTEN for new leads, and the advisory lock of the leader, which the
// server drops with the session when this process dies.
void store::background(worker::context& ctx) {
  std::unique_ptr<connection> session;
  int failures = 0;
  std::int64_t next_try = 0;
  while (!ctx.stopping()) {
    if (!session) {
      try {
        session = std::make_unique<connection>(uri_, options_.connect_timeout);
        session->exec(std::string("LISTEN ") + new_leads_channel);
        failures = 0;
        next_try = 0;
      } catch (const error&) {
        session.reset();
        ++failures;
        ctx.sleep_for(std::chrono::milliseconds(std::min(5000, 100 << std::min(failures, 6))));
        continue;
      }
    }
    try {
      if (!leader_ && clock::now_ms() >= next_try) {
        if (session->exec(leader_lock).text(0, 0) == "t") {
          leader_ = true;
          log::info("leadership_acquired", {});
        } else {
          next_try = clock::now_ms() + options_.leader_retry.count();
        }
      }
      pollfd ready{session->socket(), POLLIN, 0};
      // Short waits, so a stop is noticed quickly.
      const auto wait =
          leader_ ? 500 : std::clamp<std::int64_t>(next_try - clock::now_ms(), 1, 500);
      if (::poll(&ready, 1, static_cast<int>(wait)) > 0) {
        if (!session->notifications().empty()) {
          const std::lock_guard lock(wake_mutex_);
          if (wake_) wake_();
        }
      }
    } catch (const error& e) {
      if (leader_) log::warn("leadership_lost", {{"reason", e.what()}});
      leader_ = false;
      session.reset();
    }
  }
  leader_ = false;
}

health store::check() {
  health out;
  out.leader = leader_.load();
  try {
    bool failed = false;
    {
      const std::lock_guard lock(failure_mutex_);
      failed = !last_write_failure_.empty();
    }
    // After a failed write nothing else proves the database takes writes again, so try one.
    if (failed) {
      run(true, [](connection& conn) {
        conn.exec(
            "INSERT INTO health_probe (id, checked_at) VALUES (1, $1::bigint) ON CONFLICT (id) DO "
            "UPDATE SET checked_at = excluded.checked_at",
            {str(clock::now_ms())});
        return true;
      });
    }
    out.outbox = run(false, [](connection& conn) {
      outbox_stats stats;
      const auto rows = conn.exec(
          "SELECT count(*), coalesce(min(l.created_at), 0), (SELECT coalesce(max(delivered_at), "
          "0) FROM leads) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.status IN "
          "('pending', 'held')");
      stats.depth = rows.integer(0, 0);
      stats.oldest_created_at = rows.integer(0, 1);
      stats.last_delivered_at = rows.integer(0, 2);
      return stats;
    });
    if (out.leader) prune_buckets(clock::now_ms());
  } catch (const storage::error& e) {
    out.problem = e.problem;
    out.reason = e.what();
  }
  return out;
}

}  // namespace landing::storage::postgres
