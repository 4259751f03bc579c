// Finding a person's leads and scrubbing what erased leads leave behind, on every engine. That no
// byte stays in the files is shown end to end by tests/erased_bytes_test.cpp.
#include "storage/erasure.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <chrono>
#include <future>
#include <thread>

#include "storage/engines_testing.hpp"
#include "storage/erasure_rules.hpp"

namespace landing::storage {
namespace {

class erasure_suite : public ::testing::TestWithParam<testing::engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  std::string add(const std::string& email) {
    return store->insert_batch({{{"Anna", "@anna", email, "Hello"}, "en", "10.0.0.1", false}}, {})
        .front();
  }

  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(erasure_suite, a_persons_leads_are_found_in_any_case_and_either_form_of_their_domain) {
  const auto plain = add("Änna@Example.com");
  const auto idn = add("anna@bücher.example");
  const auto puny = add("ANNA@XN--BCHER-KVA.example");
  const auto cyrillic = add("Анна@Пример.рф");
  add("anna@example.org");
  add("ana@bücher.example");
  EXPECT_EQ(store->leads_of("änna@example.com"), std::vector<std::string>{plain});
  EXPECT_EQ(store->leads_of("ÄNNA@EXAMPLE.COM"), std::vector<std::string>{plain});
  EXPECT_EQ(store->leads_of("Anna@Bücher.Example"), (std::vector<std::string>{idn, puny}));
  EXPECT_EQ(store->leads_of("anna@xn--bcher-kva.example"), (std::vector<std::string>{idn, puny}));
  EXPECT_EQ(store->leads_of("анна@пример.рф"), std::vector<std::string>{cyrillic});
  EXPECT_EQ(store->leads_of("анна@xn--e1afmkfd.xn--p1ai"), std::vector<std::string>{cyrillic});
  EXPECT_TRUE(store->leads_of("nobody@example.com").empty());
}

TEST_P(erasure_suite, a_scrub_follows_each_erasure_once_and_the_store_goes_on) {
  EXPECT_FALSE(store->scrub_erased()) << "nothing erased yet";
  const auto id = add("a@b.co");
  const auto kept = add("c@d.co");
  EXPECT_TRUE(store->erase({"01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}, "request", "", 1000).empty());
  EXPECT_FALSE(store->scrub_erased()) << "an erasure that found nothing leaves nothing";
  ASSERT_EQ(store->erase({id}, "request", "", 2000).size(), 1U);
  EXPECT_TRUE(store->scrub_erased());
  EXPECT_FALSE(store->scrub_erased());
  EXPECT_TRUE(store->find(kept));
  const auto after = add("e@f.co");
  EXPECT_TRUE(store->find(after));
  ASSERT_EQ(store->erase({kept, after}, "retention", "", 3000).size(), 2U);
  EXPECT_TRUE(store->scrub_erased());
}

// A lead that went to a CRM leaves a copy there to delete, due a while after the erasure; the
// record says what became of it, channel by channel.
TEST_P(erasure_suite, a_crm_copy_is_queued_put_off_and_recorded_per_channel) {
  const auto crm =
      store
          ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hi"}, "ru", "10.0.0.1", false}},
                         {"telegram", "bitrix24"})
          .front();
  const auto chat_only =
      store
          ->insert_batch({{{"Boris", "@b", "b@b.co", "Hi"}, "ru", "10.0.0.2", false}}, {"telegram"})
          .front();
  const auto records = store->erase({crm, chat_only}, "request", "ticket 7", 10'000);
  ASSERT_EQ(records.size(), 2U);
  EXPECT_EQ(records[0].crm, "bitrix24: pending");
  EXPECT_EQ(records[1].crm, "") << "it went to no CRM";
  EXPECT_TRUE(store->crm_copies(10'000 + crm_copy_delay_ms - 1, 10).empty())
      << "an attempt in flight at the erasure ends first";
  auto due = store->crm_copies(10'000 + crm_copy_delay_ms, 10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due[0].lead_id, crm);
  EXPECT_EQ(due[0].channel, "bitrix24");
  EXPECT_EQ(due[0].reason, "request");
  EXPECT_EQ(due[0].attempts, 0);
  store->crm_copy_later(crm, "bitrix24", 500'000);
  EXPECT_TRUE(store->crm_copies(499'999, 10).empty());
  due = store->crm_copies(500'000, 10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due[0].attempts, 1);
  store->crm_copy_done(crm, "bitrix24", "deleted #12");
  EXPECT_TRUE(store->crm_copies(1'000'000, 10).empty());
  const auto kept = store->erasures(0);
  ASSERT_EQ(kept.size(), 2U);
  const auto& mine = kept[0].lead_id == crm ? kept[0] : kept[1];
  EXPECT_EQ(mine.crm, "bitrix24: deleted #12");
  EXPECT_EQ(crm_with("bitrix24: deleted #12; amocrm: pending", "amocrm", "not there"),
            "bitrix24: deleted #12; amocrm: not there");
  EXPECT_EQ(crm_with("", "bitrix24", "pending"), "bitrix24: pending");
}

// An erasure that commits while a scrub is under way (another replica's, the command line's)
// keeps the note: that scrub began before it and removes only the note it began with.
TEST(postgres_erasure, an_erasure_during_a_scrub_leaves_its_own_scrub_pending) {
  const auto uri = landing::testing::postgres_server::shared().new_database();
  postgres::store store(uri);
  const auto add = [&](const char* email) {
    return store.insert_batch({{{"Anna", "@anna", email, "Hello"}, "en", "10.0.0.1", false}}, {})
        .front();
  };
  const auto first = add("a@b.co");
  const auto second = add("c@d.co");
  ASSERT_EQ(store.erase({first}, "request", "", 1000).size(), 1U);
  // A snapshot older than the scrub holds it in its wait for older transactions.
  PGconn* reader = PQconnectdb(uri.c_str());
  ASSERT_EQ(PQstatus(reader), CONNECTION_OK);
  PQclear(PQexec(reader, "BEGIN ISOLATION LEVEL REPEATABLE READ"));
  PQclear(PQexec(reader, "SELECT 1"));
  std::future<bool> scrubbing =
      std::async(std::launch::async, [&] { return store.scrub_erased(); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_EQ(store.erase({second}, "request", "", 2000).size(), 1U);
  PQclear(PQexec(reader, "COMMIT"));
  PQfinish(reader);
  EXPECT_TRUE(scrubbing.get());
  EXPECT_TRUE(store.scrub_erased()) << "the second erasure's scrub is still to do";
  EXPECT_FALSE(store.scrub_erased());
  store.stop();
}

INSTANTIATE_TEST_SUITE_P(engines, erasure_suite, ::testing::ValuesIn(testing::engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
