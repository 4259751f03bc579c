#include "site/etag.hpp"

// Inlined: the library is used from its header alone (Debian's libxxhash-dev).
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdint>
#include <memory>

namespace landing::site {

std::uint64_t content_hash(std::string_view data) {
  // XXH3 reads the site's 16 MB in a few milliseconds at start, where FNV-1a's byte at a time
  // took tens of them; a validator needs no cryptographic strength, only to change with the bytes.
  return XXH3_64bits(data.data(), data.size());
}

struct content_hasher::state {
  XXH3_state_t xxh3;
};

content_hasher::content_hasher() : state_(std::make_unique<state>()) {
  XXH3_64bits_reset(&state_->xxh3);
}

content_hasher::~content_hasher() = default;

void content_hasher::update(std::string_view piece) {
  XXH3_64bits_update(&state_->xxh3, piece.data(), piece.size());
}

std::uint64_t content_hasher::digest() const { return XXH3_64bits_digest(&state_->xxh3); }

std::string etag_of_hash(std::uint64_t hash, std::string_view suffix) {
  constexpr char digits[] = "0123456789abcdef";
  std::string tag = "\"";
  for (int shift = 60; shift >= 0; shift -= 4) tag += digits[(hash >> shift) & 0xF];
  tag += suffix;
  tag += '"';
  return tag;
}

std::string make_etag(std::string_view data, std::string_view suffix) {
  return etag_of_hash(content_hash(data), suffix);
}

bool if_none_match_hits(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const auto comma = header.find(',');
    auto item = header.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item == "*") return true;
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (item == etag) return true;
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace landing::site
