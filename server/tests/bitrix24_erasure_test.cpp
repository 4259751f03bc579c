// Erasure in Bitrix24: an erased lead is looked up by our id and deleted in the portal, and the
// erasure's record says what became of it.
#include <gtest/gtest.h>

#include "bitrix24_fixture.hpp"
#include "common/clock.hpp"
#include "delivery/crm_cleanup.hpp"
#include "storage/erasure.hpp"
#include "storage/erasure_rules.hpp"
#include "storage/open.hpp"

namespace landing::testing {
namespace {

// Erasure reaches the CRM: the lead is looked up by our id and deleted there a while after it
// was erased here (an attempt in flight has ended by then), and the erasure's record says so. The
// cleanup's pass runs in this process, on a set clock, against the same store and fake portal.
TEST_F(bitrix24, an_erased_lead_is_deleted_in_the_crm_and_its_record_says_so) {
  auto server = start();
  const auto sent = post(*server, "Анна");
  ASSERT_TRUE(wait_for("leads", 1)) << server->output();
  ASSERT_NE(read_until([&] { return show(sent); }, {"  bitrix24\tdelivered"})
                .find("  bitrix24\tdelivered"),
            std::string::npos);
  server->terminate();
  const auto erased =
      run_binary({"leads", "erase", "--id", sent, "--reason", "ticket 7", "--db", db()});
  EXPECT_EQ(erased.exit_code, 0) << erased.output;
  EXPECT_NE(erased.output.find("CRM copies bitrix24: pending"), std::string::npos) << erased.output;

  auto store = storage::open(db());
  landing::bitrix24::lead_channel crm(crm_settings());
  std::vector<delivery::erasable*> channels{&crm};
  delivery::crm_cleanup_options cleaning;
  cleaning.attempts = 2;
  std::mt19937_64 random(7);
  const std::atomic<bool> never{false};
  landing::clock::fake now(landing::clock::now_ms());
  delivery::clean_crm_copies(*store, channels, cleaning, random, never);
  EXPECT_EQ(list("leads").size(), 1U) << "not before the delay";
  landing::clock::advance(std::chrono::milliseconds(storage::crm_copy_delay_ms));
  delivery::clean_crm_copies(*store, channels, cleaning, random, never);
  EXPECT_TRUE(list("leads").empty()) << boost::json::serialize(list("calls"));
  const auto records = store->erasures(0);
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0].crm, "bitrix24: deleted #1");
  EXPECT_NE(run_binary({"leads", "erasures", "--db", db()}).output.find("bitrix24: deleted #1"),
            std::string::npos);
  store->stop();
}

// The portal refuses (a revoked webhook): the copy waits and is tried again, and after the last
// attempt the record says it failed, for the studio to delete it by hand; a lead that never
// reached the portal is "not there".
TEST_F(bitrix24, a_copy_the_crm_refuses_is_recorded_as_failed_and_one_never_sent_as_not_there) {
  send_control("script", R"({"responses":[{"method":"crm.lead.add","status":400,)"
                         R"("description":"Поле NAME слишком длинное"}]})");
  auto server = start();
  const auto refused = post(*server, "Ира");
  ASSERT_NE(
      read_until([&] { return show(refused); }, {"  bitrix24\tfailed"}).find("  bitrix24\tfailed"),
      std::string::npos);
  // A lead erased while its first attempt is still asking the portal: it never got there.
  send_control("script", R"({"responses":[{"method":"crm.lead.list","delayMs":3000}]})");
  const auto early = post(*server, "Оля");
  server->terminate();
  for (const auto& id : {refused, early}) {
    ASSERT_EQ(run_binary({"leads", "erase", "--id", id, "--db", db()}).exit_code, 0);
  }
  send_control("reset");
  send_control("revoke");

  auto store = storage::open(db());
  landing::bitrix24::lead_channel crm(crm_settings());
  std::vector<delivery::erasable*> channels{&crm};
  delivery::crm_cleanup_options cleaning;
  cleaning.attempts = 2;
  std::mt19937_64 random(7);
  const std::atomic<bool> never{false};
  landing::clock::fake now(landing::clock::now_ms() + storage::crm_copy_delay_ms);
  delivery::clean_crm_copies(*store, channels, cleaning, random, never);
  const auto due = store->crm_copies(landing::clock::now_ms() + std::int64_t{3'600'000}, 10);
  ASSERT_EQ(due.size(), 2U);
  EXPECT_EQ(due[0].attempts, 1);
  // The portal refuses again at the last attempt for the first lead; the webhook is back for the
  // second, which was never there.
  landing::clock::advance(std::chrono::hours(1));
  store->crm_copy_later(early, "bitrix24", landing::clock::now_ms() + 1);
  delivery::clean_crm_copies(*store, channels, cleaning, random, never);
  send_control("reset");
  landing::clock::advance(std::chrono::hours(1));
  delivery::clean_crm_copies(*store, channels, cleaning, random, never);
  const auto records = store->erasures(0);
  ASSERT_EQ(records.size(), 2U);
  const auto& first = records[0].lead_id == refused ? records[0] : records[1];
  const auto& second = records[0].lead_id == early ? records[0] : records[1];
  EXPECT_EQ(first.crm.rfind("bitrix24: failed: Bitrix24 refused the webhook", 0), 0U) << first.crm;
  EXPECT_NE(first.crm.find("INVALID_CREDENTIALS"), std::string::npos);
  EXPECT_EQ(second.crm, "bitrix24: not there");
  store->stop();
}

}  // namespace
}  // namespace landing::testing
