#include "storage/sqlite/migrations.hpp"

#include <array>
#include <string>

namespace landing::storage::sqlite {
namespace {

// Append only: a released step never changes, or existing databases would diverge.
constexpr std::array<const char*, 15> steps{
    R"sql(
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  name TEXT NOT NULL,
  social TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  locale TEXT NOT NULL,
  client TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'held', 'spam', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at INTEGER
);
CREATE INDEX leads_by_status ON leads (status, created_at);
CREATE TABLE outbox (
  lead_id TEXT PRIMARY KEY REFERENCES leads (id),
  next_attempt_at INTEGER NOT NULL
);
CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
)sql",
    // One row that a health check rewrites to prove a write can commit again after one failed.
    R"sql(
CREATE TABLE health_probe (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at INTEGER NOT NULL
);
)sql",
    // Real visitors' Web Vitals, as aggregates only (storage/vitals.hpp): per UTC day, route,
    // locale, device and metric, the counts by rating, the histogram's non-empty buckets and a
    // bounded list of attribution targets.
    R"sql(
CREATE TABLE vitals_daily (
  day INTEGER NOT NULL,
  route TEXT NOT NULL,
  locale TEXT NOT NULL,
  device TEXT NOT NULL,
  metric TEXT NOT NULL,
  count INTEGER NOT NULL,
  good INTEGER NOT NULL,
  needs_improvement INTEGER NOT NULL,
  poor INTEGER NOT NULL,
  min_value REAL NOT NULL,
  max_value REAL NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric)
) WITHOUT ROWID;
CREATE TABLE vitals_buckets (
  day INTEGER NOT NULL,
  route TEXT NOT NULL,
  locale TEXT NOT NULL,
  device TEXT NOT NULL,
  metric TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric, bucket)
) WITHOUT ROWID;
CREATE TABLE vitals_targets (
  day INTEGER NOT NULL,
  route TEXT NOT NULL,
  locale TEXT NOT NULL,
  device TEXT NOT NULL,
  metric TEXT NOT NULL,
  target TEXT NOT NULL,
  interaction_type TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric, target, interaction_type)
) WITHOUT ROWID;
)sql",
    // The chat as the studio's lead desk: each lead's triage state (no row: new), the history of
    // every click, and small settings kept across restarts (the getUpdates offset, a migrated
    // chat id).
    R"sql(
CREATE TABLE lead_triage (
  lead_id TEXT PRIMARY KEY REFERENCES leads (id),
  status TEXT NOT NULL CHECK (status IN ('new', 'taken', 'spam', 'done')),
  taken_by_id INTEGER,
  taken_by_name TEXT NOT NULL,
  taken_at INTEGER,
  done_at INTEGER,
  changed_by_id INTEGER NOT NULL,
  changed_by_name TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);
CREATE INDEX lead_triage_by_status ON lead_triage (status);
CREATE TABLE lead_events (
  id INTEGER PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads (id),
  action TEXT NOT NULL,
  actor_id INTEGER NOT NULL,
  actor_name TEXT NOT NULL,
  at INTEGER NOT NULL,
  click_id TEXT
);
CREATE INDEX lead_events_by_lead ON lead_events (lead_id, id);
CREATE UNIQUE INDEX lead_events_by_click ON lead_events (click_id);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE lead_messages (
  lead_id TEXT PRIMARY KEY REFERENCES leads (id),
  chat_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  reminded_at INTEGER
);
)sql",
    // Where each lead came from (contract/lead-source.json: the checked source as JSON and its
    // class), and arrivals per day, locale and source class, as counts only.
    R"sql(
ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN source_class TEXT NOT NULL DEFAULT '';
CREATE TABLE visits_daily (
  day INTEGER NOT NULL,
  locale TEXT NOT NULL,
  source TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, locale, source)
) WITHOUT ROWID;
)sql",
    // The record of consent kept with each lead (contract/README.md, Consent): the version of the
    // document ticked; the locale, client and time are the lead's own.
    R"sql(
ALTER TABLE leads ADD COLUMN consent_version TEXT NOT NULL DEFAULT '';
)sql",
    // Erasure (storage/erasure.hpp): the record of each erased lead, without personal data, and
    // the chat copies of erased leads still to delete or edit.
    R"sql(
CREATE TABLE erasures (
  lead_id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  erased_at INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('retention', 'request')),
  note TEXT NOT NULL,
  removed TEXT NOT NULL,
  delivery TEXT NOT NULL,
  chat TEXT NOT NULL
);
CREATE INDEX erasures_by_time ON erasures (erased_at);
CREATE TABLE chat_cleanup (
  lead_id TEXT PRIMARY KEY,
  chat_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  reason TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX leads_by_created ON leads (created_at);
)sql",
    // The outbox per channel (storage/outbox.hpp): one row per lead and channel, kept after it
    // settles. Every lead the old outbox knew becomes its Telegram row with its state, attempts
    // and error; held leads get their rows when a channel is configured, as before. The log of
    // attempts keeps no body.
    R"sql(
CREATE TABLE deliveries (
  lead_id TEXT NOT NULL REFERENCES leads (id),
  channel TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'disabled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  next_attempt_at INTEGER NOT NULL,
  delivered_at INTEGER,
  PRIMARY KEY (lead_id, channel)
) WITHOUT ROWID;
CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
INSERT INTO deliveries (lead_id, channel, status, attempts, last_error, next_attempt_at,
                        delivered_at)
  SELECT l.id, 'telegram', l.status, l.attempts, coalesce(l.last_error, ''),
         coalesce(o.next_attempt_at, l.created_at), l.delivered_at
  FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id
  WHERE l.status IN ('pending', 'delivered', 'failed');
DROP TABLE outbox;
CREATE TABLE delivery_attempts (
  id INTEGER PRIMARY KEY,
  lead_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  at INTEGER NOT NULL,
  result TEXT NOT NULL,
  latency_ms INTEGER NOT NULL
);
CREATE INDEX delivery_attempts_by_lead ON delivery_attempts (lead_id, id);
CREATE INDEX delivery_attempts_by_time ON delivery_attempts (at);
)sql",
    // The outbox claims in (next_attempt_at, lead_id) order; with lead_id in the index that is
    // a walk of it, not a sort of every due row per claim (outbox.cpp).
    R"sql(
DROP INDEX deliveries_due;
CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at, lead_id);
)sql",
    // Connections delete securely from here on (connection.cpp). A database that erased leads
    // before may hold their bytes in pages freed without it: its first scrub vacuums the whole
    // file (erasure.cpp).
    R"sql(
INSERT INTO settings (key, value)
  SELECT 'erasure_scrub_pending', 'migration 10' WHERE EXISTS (SELECT 1 FROM erasures);
INSERT INTO settings (key, value)
  SELECT 'erasure_vacuum_pending', 'migration 10' WHERE EXISTS (SELECT 1 FROM erasures);
)sql",
    // Proofs of work spent (spam/proof_of_work.hpp): each challenge's nonce once, until the
    // challenge expires; and which leads came without one (a form posted without JavaScript).
    R"sql(
CREATE TABLE spent_proofs (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX spent_proofs_by_expiry ON spent_proofs (expires_at);
ALTER TABLE leads ADD COLUMN unproven INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN message_key TEXT NOT NULL DEFAULT '';
CREATE INDEX leads_by_message_key ON leads (message_key, created_at) WHERE message_key <> '';
)sql",
    // How far visits got (storage/funnel.hpp): tab sessions per day, locale, source class, device
    // and page step, as counts only.
    R"sql(
CREATE TABLE funnel_daily (
  day INTEGER NOT NULL,
  locale TEXT NOT NULL,
  source TEXT NOT NULL,
  device TEXT NOT NULL,
  step TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, locale, source, device, step)
) WITHOUT ROWID;
)sql",
    // The digests sent to the chat (storage/digests.hpp): one row per period, claimed before
    // sending.
    R"sql(
CREATE TABLE digests (
  key TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  claimed_until INTEGER NOT NULL,
  parts_sent INTEGER NOT NULL DEFAULT 0,
  sent_at INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0
);
)sql",
    // The repeats rule's keys became an HMAC under the server's secret (spam/repeats.hpp): the
    // plain hashes kept before could confirm a guessed message, so they go (a campaign's count
    // starts again, for a day at most).
    R"sql(
UPDATE leads SET message_key = '' WHERE message_key <> '';
)sql",
    // The copies of erased leads in the CRMs, still to delete there, and what became of each in
    // the erasure's record (storage/erasure.hpp, crm_copy).
    R"sql(
ALTER TABLE erasures ADD COLUMN crm TEXT NOT NULL DEFAULT '';
CREATE TABLE crm_cleanup (
  lead_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  reason TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (lead_id, channel)
) WITHOUT ROWID;
)sql",
};

}  // namespace

int schema_version(connection& conn) {
  statement query(conn, "PRAGMA user_version");
  return query.step() ? static_cast<int>(query.integer(0)) : 0;
}

void migrate(connection& conn) {
  for (int version = schema_version(conn); version < static_cast<int>(steps.size()); ++version) {
    transaction txn(conn);
    // Re-read inside the write lock: another process may have migrated meanwhile.
    if (schema_version(conn) > version) continue;
    conn.exec(steps[static_cast<std::size_t>(version)]);
    conn.exec(("PRAGMA user_version = " + std::to_string(version + 1)).c_str());
    txn.commit();
  }
}

}  // namespace landing::storage::sqlite
