#include "leads/rate_limit.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cmath>
#include <iterator>
#include <vector>

#include "common/clock.hpp"

namespace landing::leads {

rate_limiter::rate_limiter(double burst, double per_minute, std::size_t max_clients)
    : burst_(std::max(1.0, burst)),
      per_second_(std::max(per_minute, 0.001) / 60.0),
      max_clients_(std::max<std::size_t>(max_clients, 2)) {}

address_key key_of(std::string_view client) {
  boost::system::error_code error;
  const auto address = boost::asio::ip::make_address(client, error);
  if (error) return address_key{};
  if (address.is_v4()) {
    return boost::asio::ip::make_address_v6(boost::asio::ip::v4_mapped, address.to_v4()).to_bytes();
  }
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return v6.to_bytes();
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return bytes;
}

std::string key_text(std::string_view client) {
  const boost::asio::ip::address_v6 key(key_of(client));
  if (key.is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, key).to_string();
  }
  return key.to_string() + "/64";
}

std::int64_t rate_limiter::acquire(std::string_view client, clock::time_point now) {
  return acquire(key_of(client), now);
}

std::int64_t rate_limiter::acquire(const address_key& client, clock::time_point now) {
  const std::lock_guard lock(mutex_);
  if (buckets_.size() >= max_clients_) prune(now);
  auto [it, fresh] = buckets_.try_emplace(client, bucket{burst_, now});
  auto& b = it->second;
  if (!fresh) {
    const std::chrono::duration<double> elapsed = now - b.updated;
    b.tokens = std::min(burst_, b.tokens + elapsed.count() * per_second_);
    b.updated = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return 0;
  }
  return static_cast<std::int64_t>(std::ceil((1.0 - b.tokens) / per_second_));
}

// Leaves at most half of max_clients_, so the next prune is at least that many new clients
// away: a pass over the table costs O(1) per request on average, however many addresses come.
// Refilled buckets go first, as they carry no information; if that is not enough, the clients
// seen longest ago go too (each may then get one fresh burst).
void rate_limiter::prune(clock::time_point now) {
  ++prunes_;
  boost::unordered::erase_if(buckets_, [&](const auto& entry) {
    const std::chrono::duration<double> elapsed = now - entry.second.updated;
    return entry.second.tokens + elapsed.count() * per_second_ >= burst_;
  });
  const std::size_t keep = max_clients_ / 2;
  if (buckets_.size() <= keep) return;
  std::vector<clock::time_point> seen;
  seen.reserve(buckets_.size());
  for (const auto& entry : buckets_) seen.push_back(entry.second.updated);
  // The newest `keep` stay: everything older than the keep-th newest goes.
  auto cutoff = seen.begin() + static_cast<std::ptrdiff_t>(seen.size() - keep);
  std::nth_element(seen.begin(), cutoff, seen.end());
  const auto oldest_kept = *cutoff;
  boost::unordered::erase_if(buckets_,
                             [&](const auto& entry) { return entry.second.updated < oldest_kept; });
  // Clients seen at the very same instant as the cutoff: drop as many as still needed.
  // (unordered_flat_map's erase returns nothing: the iterator is advanced before it is erased.)
  for (auto it = buckets_.begin(); it != buckets_.end() && buckets_.size() > keep;) {
    const auto here = it++;
    if (here->second.updated == oldest_kept) buckets_.erase(here);
  }
}

std::vector<std::int64_t> rate_limiter::take(const std::vector<std::string>& clients) {
  std::vector<std::int64_t> waits;
  waits.reserve(clients.size());
  const auto now = clock::now();
  for (const auto& client : clients) waits.push_back(acquire(client, now));
  return waits;
}

std::vector<std::int64_t> shared_rate_limiter::take(const std::vector<std::string>& clients) {
  std::vector<std::string> keys;
  keys.reserve(clients.size());
  for (const auto& client : clients) keys.push_back(kind_ + key_text(client));
  return store_.take_tokens(keys, clock::now_ms(), std::max(1.0, burst_),
                            std::max(per_second_, 0.001 / 60.0));
}

std::size_t rate_limiter::clients() {
  const std::lock_guard lock(mutex_);
  return buckets_.size();
}

std::size_t rate_limiter::prunes() {
  const std::lock_guard lock(mutex_);
  return prunes_;
}

}  // namespace landing::leads
