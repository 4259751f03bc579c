#pragma once

#include <cstdint>
#include <optional>
#include <string>

// Which digests went to the chat: a row per period (digest/schedule.hpp's key), claimed by one
// replica before it sends, like a lead in the outbox, and marked step by step as its parts go
// (the chart, the text, the report), so a retry after a crash or a 429 resends no part. Figures
// only: the row holds no personal data.
namespace landing::storage {

struct digest_row {
  std::string key;
  std::string owner;               // the replica that holds or held the claim
  std::int64_t claimed_until = 0;  // unix ms; another replica may take it over after this
  int parts_sent = 0;              // how many of the digest's parts the chat has
  std::int64_t sent_at = 0;        // unix ms once every part went; 0 until then
  int attempts = 0;
};

class digests_role {
 public:
  digests_role() = default;
  digests_role(const digests_role&) = delete;
  digests_role& operator=(const digests_role&) = delete;
  virtual ~digests_role() = default;

  // Claims the period's digest for `owner` until `lease_until` (unix ms), in one transaction:
  // the row as it now stands when this owner holds it (made, renewed, or taken over from a claim
  // that lapsed), nothing when it was sent or another owner's claim still holds at `now`.
  virtual std::optional<digest_row> claim_digest(const std::string& key, const std::string& owner,
                                                 std::int64_t now, std::int64_t lease_until) = 0;
  // Records that the chat has `parts` parts, and with `sent_at` > 0 that the digest is whole.
  // Only while `owner` holds the claim; false when it does not (it lapsed and was taken).
  virtual bool record_digest(const std::string& key, const std::string& owner, int parts,
                             std::int64_t sent_at) = 0;
  virtual std::optional<digest_row> find_digest(const std::string& key) = 0;
};

}  // namespace landing::storage
