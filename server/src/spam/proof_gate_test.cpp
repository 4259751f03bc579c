// A spent proof stays spent for as long as any replica would take it: its whole last second and
// the replicas' clock skew after it, on each engine.
#include "spam/proof_gate.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "spam/proof_testing.hpp"
#include "storage/engines_testing.hpp"

namespace landing::spam {
namespace {

using storage::testing::engine;
using storage::testing::engines;

class spent_marks : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  landing::testing::temp_folder dir;
  std::unique_ptr<storage::lead_store> store;
};

TEST_P(spent_marks, a_proof_spent_in_its_last_second_cannot_be_spent_again_on_any_replica) {
  proof_metrics metrics;
  proof_gate gate(keys_from("a secret the replicas share"), false, metrics);
  const std::int64_t now_s = 1'800'000'000;
  const auto challenge = new_challenge(gate.keys(), {10, 2, 60}, now_s);
  const auto expires_s = now_s + 60;
  // Solved and checked at its very last valid second, at this replica.
  const auto proof = testing::solved_payload(challenge);
  const auto at_expiry = gate.check(proof, false, expires_s);
  ASSERT_FALSE(at_expiry.refused) << *at_expiry.refused;
  ASSERT_EQ(store->spend({{at_expiry.nonce, at_expiry.expires_at_ms}}, expires_s * 1000),
            std::vector<bool>{true});
  // Each later moment at which some replica still takes it: within this second (50 ms and
  // 999 ms in), and on a replica whose clock is up to the skew behind, while the prune of every
  // expired mark runs first.
  for (const std::int64_t later_ms : {expires_s * 1000 + 50, expires_s * 1000 + 999,
                                      expires_s * 1000 + replica_clock_skew_ms + 999}) {
    const auto replay = gate.check(proof, false, (later_ms - replica_clock_skew_ms) / 1000);
    EXPECT_FALSE(replay.refused) << "a slow replica still takes it: the mark must hold";
    EXPECT_EQ(store->spend({{replay.nonce, replay.expires_at_ms}}, later_ms),
              std::vector<bool>{false})
        << later_ms - expires_s * 1000 << " ms after expiresAt";
  }
  // Past every replica's last valid moment the mark may go: the proof is refused as expired.
  EXPECT_EQ(gate.check(proof, false, expires_s + 1).refused, "expired");
}

INSTANTIATE_TEST_SUITE_P(engines, spent_marks, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::spam
