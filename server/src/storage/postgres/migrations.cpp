// The schema's steps, oldest first (migrate.cpp applies them).
#include "storage/postgres/migrations.hpp"

#include <array>
#include <span>

namespace landing::storage::postgres {
namespace {

// Append only: a released step never changes, or existing databases would diverge.
constexpr std::array<const char*, 15> steps{
    // The schema the SQLite engine started with.
    R"sql(
CREATE TABLE leads (
  id text PRIMARY KEY,
  created_at bigint NOT NULL,
  name text NOT NULL,
  social text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  locale text NOT NULL,
  client text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'held', 'spam', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  delivered_at bigint
);
CREATE INDEX leads_by_status ON leads (status, created_at);
CREATE TABLE outbox (
  lead_id text PRIMARY KEY REFERENCES leads (id),
  next_attempt_at bigint NOT NULL
);
CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
)sql",
    // Replicas: claims with a lease, the chat's turn and pacing, shared rate-limit buckets (an
    // unlogged table: a crash of the database empties them, which only gives a fresh burst), the
    // health probe.
    R"sql(
ALTER TABLE outbox ADD COLUMN claimed_by text, ADD COLUMN claimed_until bigint;
CREATE TABLE chat_state (
  id integer PRIMARY KEY CHECK (id = 1),
  turn_owner text,
  turn_until bigint,
  next_send_at bigint NOT NULL DEFAULT 0
);
INSERT INTO chat_state (id) VALUES (1);
CREATE UNLOGGED TABLE rate_buckets (
  client text PRIMARY KEY,
  tokens double precision NOT NULL,
  updated_at bigint NOT NULL
);
CREATE TABLE health_probe (
  id integer PRIMARY KEY CHECK (id = 1),
  checked_at bigint NOT NULL
);
)sql",
    // Real visitors' Web Vitals, as aggregates only (storage/vitals.hpp), as in SQLite's step 3.
    R"sql(
CREATE TABLE vitals_daily (
  day bigint NOT NULL,
  route text NOT NULL,
  locale text NOT NULL,
  device text NOT NULL,
  metric text NOT NULL,
  count bigint NOT NULL,
  good bigint NOT NULL,
  needs_improvement bigint NOT NULL,
  poor bigint NOT NULL,
  min_value double precision NOT NULL,
  max_value double precision NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric)
);
CREATE TABLE vitals_buckets (
  day bigint NOT NULL,
  route text NOT NULL,
  locale text NOT NULL,
  device text NOT NULL,
  metric text NOT NULL,
  bucket integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric, bucket)
);
CREATE TABLE vitals_targets (
  day bigint NOT NULL,
  route text NOT NULL,
  locale text NOT NULL,
  device text NOT NULL,
  metric text NOT NULL,
  target text NOT NULL,
  interaction_type text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, route, locale, device, metric, target, interaction_type)
);
)sql",
    // The chat as the studio's lead desk, as in SQLite's step 4.
    R"sql(
CREATE TABLE lead_triage (
  lead_id text PRIMARY KEY REFERENCES leads (id),
  status text NOT NULL CHECK (status IN ('new', 'taken', 'spam', 'done')),
  taken_by_id bigint,
  taken_by_name text NOT NULL,
  taken_at bigint,
  done_at bigint,
  changed_by_id bigint NOT NULL,
  changed_by_name text NOT NULL,
  changed_at bigint NOT NULL
);
CREATE INDEX lead_triage_by_status ON lead_triage (status);
CREATE TABLE lead_events (
  id bigserial PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id),
  action text NOT NULL,
  actor_id bigint NOT NULL,
  actor_name text NOT NULL,
  at bigint NOT NULL,
  click_id text
);
CREATE INDEX lead_events_by_lead ON lead_events (lead_id, id);
CREATE UNIQUE INDEX lead_events_by_click ON lead_events (click_id);
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE lead_messages (
  lead_id text PRIMARY KEY REFERENCES leads (id),
  chat_id bigint NOT NULL,
  message_id bigint NOT NULL,
  reminded_at bigint
);
)sql",
    // Where each lead came from and arrivals per day, as in SQLite's step 5.
    R"sql(
ALTER TABLE leads ADD COLUMN source text NOT NULL DEFAULT '',
  ADD COLUMN source_class text NOT NULL DEFAULT '';
CREATE TABLE visits_daily (
  day bigint NOT NULL,
  locale text NOT NULL,
  source text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, locale, source)
);
)sql",
    // The record of consent, as in SQLite's step 6.
    R"sql(
ALTER TABLE leads ADD COLUMN consent_version text NOT NULL DEFAULT '';
)sql",
    // Erasure records and the chat copies still to clean, as in SQLite's step 7.
    R"sql(
CREATE TABLE erasures (
  lead_id text PRIMARY KEY,
  created_at bigint NOT NULL,
  erased_at bigint NOT NULL,
  reason text NOT NULL CHECK (reason IN ('retention', 'request')),
  note text NOT NULL,
  removed text NOT NULL,
  delivery text NOT NULL,
  chat text NOT NULL
);
CREATE INDEX erasures_by_time ON erasures (erased_at);
CREATE TABLE chat_cleanup (
  lead_id text PRIMARY KEY,
  chat_id bigint NOT NULL,
  message_id bigint NOT NULL,
  sent_at bigint NOT NULL,
  reason text NOT NULL,
  attempts bigint NOT NULL DEFAULT 0,
  next_at bigint NOT NULL DEFAULT 0
);
CREATE INDEX leads_by_created ON leads (created_at);
)sql",
    // The outbox per channel, as in SQLite's step 8, with the claims the old outbox had.
    R"sql(
CREATE TABLE deliveries (
  lead_id text NOT NULL REFERENCES leads (id),
  channel text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'disabled')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text NOT NULL DEFAULT '',
  next_attempt_at bigint NOT NULL,
  delivered_at bigint,
  claimed_by text,
  claimed_until bigint,
  PRIMARY KEY (lead_id, channel)
);
CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
INSERT INTO deliveries (lead_id, channel, status, attempts, last_error, next_attempt_at,
                        delivered_at, claimed_by, claimed_until)
  SELECT l.id, 'telegram', l.status, l.attempts, coalesce(l.last_error, ''),
         coalesce(o.next_attempt_at, l.created_at), l.delivered_at, o.claimed_by, o.claimed_until
  FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id
  WHERE l.status IN ('pending', 'delivered', 'failed');
DROP TABLE outbox;
CREATE TABLE delivery_attempts (
  id bigserial PRIMARY KEY,
  lead_id text NOT NULL,
  channel text NOT NULL,
  at bigint NOT NULL,
  result text NOT NULL,
  latency_ms bigint NOT NULL
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
    // A person's words stay out of pg_statistic: ANALYZE samples no value of these columns, and
    // the samples taken before go (changing a column's type, even to itself, drops its
    // statistics). A database that erased leads before scrub_erased() existed is scrubbed once.
    R"sql(
ALTER TABLE leads
  ALTER COLUMN name TYPE text, ALTER COLUMN name SET STATISTICS 0,
  ALTER COLUMN social TYPE text, ALTER COLUMN social SET STATISTICS 0,
  ALTER COLUMN email TYPE text, ALTER COLUMN email SET STATISTICS 0,
  ALTER COLUMN message TYPE text, ALTER COLUMN message SET STATISTICS 0,
  ALTER COLUMN source TYPE text, ALTER COLUMN source SET STATISTICS 0,
  ALTER COLUMN client TYPE text, ALTER COLUMN client SET STATISTICS 0;
INSERT INTO settings (key, value)
  SELECT 'erasure_scrub_pending', 'migration 10' WHERE EXISTS (SELECT 1 FROM erasures);
)sql",
    // Proofs of work spent (spam/proof_of_work.hpp): each challenge's nonce once, whichever
    // replica it reached, until the challenge expires; and which leads came without one (a form
    // posted without JavaScript).
    R"sql(
CREATE TABLE spent_proofs (
  nonce text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX spent_proofs_by_expiry ON spent_proofs (expires_at);
ALTER TABLE leads ADD COLUMN unproven integer NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN message_key text NOT NULL DEFAULT '';
CREATE INDEX leads_by_message_key ON leads (message_key, created_at) WHERE message_key <> '';
)sql",
    // How far visits got, as in SQLite's step 12.
    R"sql(
CREATE TABLE funnel_daily (
  day bigint NOT NULL,
  locale text NOT NULL,
  source text NOT NULL,
  device text NOT NULL,
  step text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, locale, source, device, step)
);
)sql",
    // The digests sent to the chat, as in SQLite's step 13.
    R"sql(
CREATE TABLE digests (
  key text PRIMARY KEY,
  owner text NOT NULL,
  claimed_until bigint NOT NULL,
  parts_sent integer NOT NULL DEFAULT 0,
  sent_at bigint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0
);
)sql",
    // The repeats rule's keys became an HMAC under the server's secret (spam/repeats.hpp): the
    // plain hashes kept before could confirm a guessed message, so they go (a campaign's count
    // starts again, for a day at most); and like the words they are made of, they stay out of
    // pg_statistic (changing the column's type drops the samples taken before).
    R"sql(
UPDATE leads SET message_key = '' WHERE message_key <> '';
ALTER TABLE leads ALTER COLUMN message_key TYPE text, ALTER COLUMN message_key SET STATISTICS 0;
)sql",
    // The CRM copies of erased leads, as in SQLite's step 15.
    R"sql(
ALTER TABLE erasures ADD COLUMN crm text NOT NULL DEFAULT '';
CREATE TABLE crm_cleanup (
  lead_id text NOT NULL,
  channel text NOT NULL,
  reason text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (lead_id, channel)
);
)sql",
};

}  // namespace

std::span<const char* const> migration_steps() { return steps; }

}  // namespace landing::storage::postgres
