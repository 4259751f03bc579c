#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace landing::storage {

// 26-character ULID: 48-bit millisecond time then 80 random bits, Crockford base32. Ids sort by
// creation time, which is what operators list leads by.
std::string make_ulid(std::uint64_t unix_ms, std::mt19937_64& random);

}  // namespace landing::storage
