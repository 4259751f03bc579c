#include "storage/ulid.hpp"

namespace landing::storage {

std::string make_ulid(std::uint64_t unix_ms, std::mt19937_64& random) {
  constexpr char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  std::string id(26, '0');
  for (std::size_t i = 10; i-- > 0;) {
    id[i] = alphabet[unix_ms & 31];
    unix_ms >>= 5;
  }
  const std::uint64_t high = random();
  const std::uint64_t low = random();
  // 80 random bits: 16 characters of 5 bits, taken from two 64-bit draws.
  for (std::size_t i = 0; i < 16; ++i) {
    const std::uint64_t source = i < 8 ? high : low;
    id[10 + i] = alphabet[(source >> ((i % 8) * 5)) & 31];
  }
  return id;
}

}  // namespace landing::storage
