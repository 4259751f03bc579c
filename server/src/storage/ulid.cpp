#include "storage/ulid.hpp"

namespace landing::storage {
namespace {

constexpr char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// `count` characters of 5 bits each, most significant first, ending at `end`.
void encode(std::string& out, std::size_t end, std::size_t count, std::uint64_t value) {
  for (std::size_t i = 0; i < count; ++i) {
    out[end - 1 - i] = alphabet[value & 31];
    value >>= 5;
  }
}

}  // namespace

std::string ulid_generator::spell(std::uint64_t unix_ms, std::uint64_t high, std::uint64_t low) {
  std::string id(26, '0');
  encode(id, 10, 10, unix_ms);
  encode(id, 18, 8, high);
  encode(id, 26, 8, low);
  return id;
}

bool ulid_generator::count_up(std::uint64_t& high, std::uint64_t& low) {
  if (low < half_max) {
    ++low;
    return true;
  }
  if (high == half_max) return false;
  ++high;
  low = 0;
  return true;
}

std::string ulid_generator::next(std::uint64_t unix_ms) {
  // A later millisecond, or a clock that went back (the ids of the same millisecond sort among
  // themselves only): fresh random bits. The same millisecond: one more than the last id. The
  // 80 bits cannot run out in a millisecond; if they did, fresh bits keep ids unique.
  const bool same = started_ && unix_ms == last_ms_;
  if (!same || !count_up(high_, low_)) {
    high_ = random_() & half_max;
    low_ = random_() & half_max;
  }
  started_ = true;
  last_ms_ = unix_ms;
  return spell(unix_ms, high_, low_);
}

}  // namespace landing::storage
