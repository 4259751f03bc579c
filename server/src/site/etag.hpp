#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace landing::site {

// Strong ETag from the bytes (XXH3, 64 bits), stable across restarts so revalidation keeps
// working after a deploy of unchanged files. Each encoding gets its own tag, as RFC 9110 requires.
std::string make_etag(std::string_view data, std::string_view suffix = {});
// The same from the bytes' content_hash, for bytes hashed as they were read.
std::string etag_of_hash(std::uint64_t hash, std::string_view suffix = {});
std::uint64_t content_hash(std::string_view data);

// content_hash of bytes that arrive in pieces (a large file copied without a buffer of it whole):
// the digest equals content_hash of the pieces joined.
class content_hasher {
 public:
  content_hasher();
  ~content_hasher();
  content_hasher(const content_hasher&) = delete;
  content_hasher& operator=(const content_hasher&) = delete;
  void update(std::string_view piece);
  [[nodiscard]] std::uint64_t digest() const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

// If-None-Match uses the weak comparison: W/ prefixes are ignored; "*" matches anything.
bool if_none_match_hits(std::string_view header, std::string_view etag);

}  // namespace landing::site
