#include "storage/postgres/limits.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "storage/postgres/arrays.hpp"
#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {

std::vector<std::int64_t> rate_buckets::take_tokens(const std::vector<std::string>& clients,
                                                    std::int64_t now_ms, double burst,
                                                    double per_second) {
  // The slowest limit's refill: a bucket of any limit sharing the table is pruned only once it
  // would be full again under every one of them.
  const double refill = burst / per_second * 1000.0;
  for (double seen = bucket_refill_ms_.load();
       refill > seen && !bucket_refill_ms_.compare_exchange_weak(seen, refill);) {
  }
  std::vector<std::string> distinct = clients;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  return db_.run(true, [&](connection& conn) {
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

void rate_buckets::prune_buckets(std::int64_t now_ms) {
  const double refill = bucket_refill_ms_.load();
  if (refill <= 0 || now_ms - pruned_at_ < 60000) return;
  pruned_at_ = now_ms;
  // A bucket that has refilled says nothing a fresh one would not.
  db_.run(true, [&](connection& conn) {
    conn.exec("DELETE FROM rate_buckets WHERE updated_at < $1::bigint",
              {str(now_ms - static_cast<std::int64_t>(refill))});
    return true;
  });
}

}  // namespace landing::storage::postgres
