#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "site/body_file.hpp"

namespace landing::site {

// One stored form of a file: its bytes plus the header lines that go with them, formatted once
// at load so serving does no per-request formatting.
struct representation {
  std::string body;  // the bytes of a small body (or of a large one no memfd could hold)
  body_file file;    // a large body's bytes (sendfile_min_bytes), which `body` then leaves out
  std::uint64_t hash = 0;  // content_hash of the bytes
  std::string etag;
  std::string head;               // Content-Type, Cache-Control, ETag, Vary, Content-Encoding...
  std::string not_modified_head;  // what a 304 repeats: ETag, Cache-Control, Vary
  [[nodiscard]] std::string_view bytes() const {
    return file.valid() ? file.bytes() : std::string_view(body);
  }
};

// A file of the site. Its compressed forms come from the build (name.br and name.gz beside it,
// loaded with the file) or, where the build left one out, after start-up (brotli at quality 11
// takes seconds for a large bundle): each is published once through an atomic pointer, and
// until then the identity bytes are served.
struct asset {
  representation identity;
  std::string_view content_type;
  std::string path;
  bool compressible = false;

  [[nodiscard]] const representation* br() const { return br_.load(std::memory_order_acquire); }
  [[nodiscard]] const representation* gzip() const { return gzip_.load(std::memory_order_acquire); }

 private:
  friend class site;
  std::unique_ptr<const representation> br_storage_;
  std::unique_ptr<const representation> gzip_storage_;
  std::atomic<const representation*> br_{nullptr};
  std::atomic<const representation*> gzip_{nullptr};
};

struct load_options {
  int brotli_quality = 11;
  unsigned threads = 0;  // 0: one per core
};

class site {
 public:
  // Reads every file under root except dotfiles and dot-directories. Throws std::runtime_error
  // with a one-line reason when the folder cannot be read.
  // A name.br or name.gz beside a compressible file is its precompressed form (make build
  // writes them): used when it decodes to exactly the file's bytes and is smaller, never served
  // under its own name. A stale or broken one is left out and counted in stale_precompressed().
  // What is still missing is left to compress_all(), so the server listens at once.
  // defer_checks: a companion newer than its file is published at once and checked by
  // check_deferred() after start (decoding every companion was two thirds of the start-up); one
  // older than its file (edited since the build) is checked now, as every one is without it.
  static site load(const std::filesystem::path& root, bool defer_checks = false);

  // Decodes each companion load() published unchecked and compares it with its file; one that
  // does not match is withdrawn (requests then get the identity bytes, and compress_all() makes
  // a fresh form). Safe while requests are served (a
  // withdrawn form stays allocated for any request still sending it). Returns how many it
  // withdrew; returns early once `stop` is set.
  std::size_t check_deferred(const std::atomic<bool>& stop);

  // Compressed forms taken from the build, and ones found stale or broken, at load.
  [[nodiscard]] std::size_t precompressed() const { return precompressed_; }
  // Found at load: check_deferred() says how many more it found.
  [[nodiscard]] std::size_t stale_precompressed() const { return stale_precompressed_; }

  // By URL path, such as "/en/index.html".
  [[nodiscard]] const asset* find(std::string_view path) const;
  [[nodiscard]] std::size_t size() const { return assets_.size(); }
  [[nodiscard]] std::size_t bytes() const;

  // Computes the brotli and gzip forms that are still missing, keeping those that are smaller,
  // and publishes each as it is done. Safe while requests are served; returns early once
  // `stop` is set. Returns how many files it compressed.
  std::size_t compress_all(const load_options& options, const std::atomic<bool>& stop);

  // For tests: add a file as if it had been loaded, compressed at once.
  void add(const std::string& path, std::string body, const load_options& options = {});

 private:
  struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>{}(text);
    }
  };
  // True when it had anything to compress.
  static bool compress(asset& item, const load_options& options,
                       const std::atomic<bool>* stop = nullptr);
  // Publishes a compressed form read from the build; false when it does not match the file.
  static bool adopt(asset& item, std::string_view encoding, std::string data);
  // Makes `data` the asset's "br" or "gzip" form, for requests from now on.
  static void publish(asset& item, std::string_view encoding, std::string data);
  std::size_t precompressed_ = 0;
  std::size_t stale_precompressed_ = 0;  // at load; check_deferred() returns its own
  // Published by load() unchecked: the asset and "br" or "gzip".
  std::vector<std::pair<asset*, std::string_view>> unchecked_;
  // Forms check_deferred() withdrew, kept for requests that may still be sending them.
  std::vector<std::unique_ptr<const representation>> withdrawn_;
  std::unordered_map<std::string, std::unique_ptr<asset>, string_hash, std::equal_to<>> assets_;
};

// The content editor (Sveltia CMS, built into <site>/admin/): "/admin" and everything under
// "/admin/". It is served with its own security headers, no-store and noindex.
inline constexpr std::string_view editor_root = "/admin";
inline constexpr std::string_view editor_prefix = "/admin/";
bool is_editor_path(std::string_view path);

// Hashed build output may be cached forever; the editor never; everything else is revalidated.
std::string_view cache_control_for(std::string_view path);

}  // namespace landing::site
