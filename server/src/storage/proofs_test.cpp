// Spent proofs of work and claimed settings, run against each engine: what keeps a proof from
// being used twice, and the replicas on one shared secret.
#include "storage/proofs.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>

#include "storage/engines_testing.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

class proofs_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }

  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

constexpr std::int64_t now = 1'800'000'000'000;

TEST_P(proofs_suite, a_proof_is_spent_once_even_twice_in_one_batch) {
  EXPECT_EQ(store->spend({{"a", now + 1000}, {"b", now + 1000}, {"a", now + 1000}}, now),
            (std::vector<bool>{true, true, false}));
  EXPECT_EQ(store->spend({{"b", now + 1000}, {"c", now + 1000}}, now + 10),
            (std::vector<bool>{false, true}));
  EXPECT_TRUE(store->spend({}, now).empty());
}

TEST_P(proofs_suite, an_expired_record_is_dropped_and_only_it) {
  EXPECT_EQ(store->spend({{"old", now + 1000}, {"new", now + 500'000}}, now),
            (std::vector<bool>{true, true}));
  // A minute and more later the old challenge has expired: its record goes (no proof of it is
  // valid any more), the live one stays spent.
  EXPECT_EQ(store->spend({{"old", now + 1000}, {"new", now + 500'000}}, now + 120'000),
            (std::vector<bool>{true, false}));
}

TEST_P(proofs_suite, the_first_claim_of_a_setting_wins_and_later_ones_read_it) {
  EXPECT_EQ(store->claim_setting("proof_secret", "first"), "first");
  EXPECT_EQ(store->claim_setting("proof_secret", "second"), "first");
  EXPECT_EQ(store->setting("proof_secret").value_or(""), "first");
  store->set_setting("other", "x");
  EXPECT_EQ(store->claim_setting("other", "y"), "x");
}

// Two processes' stores on one database (PostgreSQL: replicas) claim at the same moment: both
// read the one value that won.
TEST(proofs_shared, replicas_claiming_together_agree_on_one_value) {
  const auto uri = landing::testing::postgres_server::shared().new_database();
  postgres::store setup(uri);
  std::vector<std::string> seen(8);
  std::vector<std::thread> replicas;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    replicas.emplace_back([&, i] {
      postgres::store replica(uri);
      seen[i] = replica.claim_setting("proof_secret", "value " + std::to_string(i));
      replica.stop();
    });
  }
  for (auto& each : replicas) each.join();
  for (const auto& value : seen) EXPECT_EQ(value, seen.front());
  EXPECT_EQ(setup.setting("proof_secret").value_or(""), seen.front());
  setup.stop();
}

INSTANTIATE_TEST_SUITE_P(engines, proofs_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
