// What only the PostgreSQL engine has: its own migrations, URIs and passwords.
#include "storage/postgres/store.hpp"

#include <gtest/gtest.h>

#include "postgres.hpp"
#include "storage/migration_testing.hpp"
#include "storage/postgres/migrations.hpp"
#include "storage/sum_status_testing.hpp"

namespace landing::storage::postgres {
namespace {

// The first schema, as its step wrote it, with a lead in it: a database made by that version.
constexpr const char* first_schema = R"sql(
CREATE TABLE landing_schema (version integer NOT NULL);
INSERT INTO landing_schema (version) VALUES (1);
CREATE TABLE leads (
  id text PRIMARY KEY, created_at bigint NOT NULL, name text NOT NULL, social text NOT NULL,
  email text NOT NULL, message text NOT NULL, locale text NOT NULL, client text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'held', 'spam', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0, last_error text, delivered_at bigint);
CREATE INDEX leads_by_status ON leads (status, created_at);
CREATE TABLE outbox (lead_id text PRIMARY KEY REFERENCES leads (id),
  next_attempt_at bigint NOT NULL);
CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4C', 1700000000000, 'Anna', '@anna', 'a@b.co', 'Old lead',
          'en', '10.0.0.1', 'pending');
INSERT INTO outbox (lead_id, next_attempt_at) VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4C', 0);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status,
                   attempts, last_error)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4D', 1700000000001, 'Boris', '@boris', 'b@b.co', 'Failed',
          'ru', '10.0.0.2', 'failed', 3, 'http 400: chat not found');
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status,
                   attempts, delivered_at)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4E', 1700000000002, 'Vera', '@vera', 'v@b.co', 'Delivered',
          'ru', '10.0.0.3', 'delivered', 1, 1700000000500);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4F', 1700000000003, 'Gleb', '@gleb', 'g@b.co', 'Held',
          'ru', '10.0.0.4', 'held');
INSERT INTO outbox (lead_id, next_attempt_at) VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4F', 0);
)sql";

TEST(postgres_store, upgrades_a_database_made_with_the_first_schema) {
  const auto uri = landing::testing::postgres_server::shared().new_database();
  {
    connection old(uri, std::chrono::seconds(2));
    old.exec(first_schema);
  }
  store upgraded(uri);
  expect_outbox_migrated(upgraded);
  connection check(uri, std::chrono::seconds(2));
  EXPECT_EQ(schema_version(check), 15);
  upgraded.stop();
}

TEST(postgres_store, a_settle_that_leaves_the_sum_as_it_was_does_not_write_the_lead) {
  const auto uri = landing::testing::postgres_server::shared().new_database();
  store target(uri);
  connection probe(uri, std::chrono::seconds(2));
  probe.exec(
      "CREATE TABLE lead_writes (n integer); CREATE FUNCTION count_lead_write() RETURNS trigger "
      "LANGUAGE plpgsql AS $$ BEGIN INSERT INTO lead_writes VALUES (1); RETURN NULL; END $$; "
      "CREATE TRIGGER count_lead_writes AFTER UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION "
      "count_lead_write()");
  expect_unchanged_sums_left_unwritten(
      target, [&] { return probe.exec("SELECT count(*) FROM lead_writes").integer(0, 0); });
  target.stop();
}

TEST(postgres_store, an_unreachable_server_is_a_fault_that_never_shows_the_password) {
  const std::string uri = "postgresql://landing:pa55-w0rd@/nowhere?host=/nonexistent";
  try {
    store unreachable(uri);
    FAIL() << "connected to nothing";
  } catch (const storage::error& e) {
    EXPECT_EQ(e.problem, fault::unavailable);
    EXPECT_EQ(std::string(e.what()).find("pa55-w0rd"), std::string::npos) << e.what();
  }
}

TEST(postgres_store, password_of_reads_the_userinfo_only) {
  EXPECT_EQ(password_of("postgresql://u:secret@host/db"), "secret");
  EXPECT_EQ(password_of("postgresql://u:se@cr@et@host/db"), "se@cr@et");
  EXPECT_EQ(password_of("postgresql://u@host/db"), "");
  EXPECT_EQ(password_of("postgresql:///db?host=/run/postgresql"), "");
  EXPECT_EQ(password_of("postgresql://host/db?password=x"), "");
}

}  // namespace
}  // namespace landing::storage::postgres
