#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace landing::storage {

// 26-character ULIDs: 48-bit millisecond time then 80 random bits, Crockford base32. Ids sort by
// creation time, which is what operators list leads by. Within one millisecond the generator
// counts up from the last id's random part (the ULID spec's monotonic mode), so one process's
// ids sort in the order it made them: the outbox sends leads of the same millisecond in that
// order, with an index to walk instead of a sort. Not thread-safe: its owner locks.
class ulid_generator {
 public:
  explicit ulid_generator(std::uint64_t seed = std::random_device{}()) : random_(seed) {}
  std::string next(std::uint64_t unix_ms);

  // The random part as two 40-bit halves, and the id they spell with a time.
  static constexpr std::uint64_t half_max = (std::uint64_t{1} << 40) - 1;
  static std::string spell(std::uint64_t unix_ms, std::uint64_t high, std::uint64_t low);
  // One more, carrying from the low half into the high; false (and nothing changed) at the top.
  static bool count_up(std::uint64_t& high, std::uint64_t& low);

 private:
  std::mt19937_64 random_;
  std::uint64_t last_ms_ = 0;
  bool started_ = false;
  // The 80 random bits, as two 40-bit halves.
  std::uint64_t high_ = 0;
  std::uint64_t low_ = 0;
};

}  // namespace landing::storage
