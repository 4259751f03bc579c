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
  std::string body;
  body_file file;  // the body again, for sendfile, when it is large (sendfile_min_bytes)
  std::string etag;
  std::string head;               // Content-Type, Cache-Control, ETag, Vary, Content-Encoding...
  std::string not_modified_head;  // what a 304 repeats: ETag, Cache-Control, Vary
};

// A file of the site. The compressed forms arrive after start-up (brotli at quality 11 takes
// seconds for a large bundle): each is published once through an atomic pointer, and until
// then the identity bytes are served.
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
  // Compression is left to compress_all(), so the server listens at once.
  static site load(const std::filesystem::path& root);

  // By URL path, such as "/en/index.html".
  [[nodiscard]] const asset* find(std::string_view path) const;
  [[nodiscard]] std::size_t size() const { return assets_.size(); }
  [[nodiscard]] std::size_t bytes() const;

  // Computes the brotli and gzip forms of every compressible file, keeping those that are
  // smaller, and publishes each as it is done. Safe while requests are served; returns early
  // once `stop` is set.
  void compress_all(const load_options& options, const std::atomic<bool>& stop);

  // For tests: add a file as if it had been loaded, compressed at once.
  void add(const std::string& path, std::string body, const load_options& options = {});

 private:
  struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>{}(text);
    }
  };
  static void compress(asset& item, const load_options& options,
                       const std::atomic<bool>* stop = nullptr);
  std::unordered_map<std::string, std::unique_ptr<asset>, string_hash, std::equal_to<>> assets_;
};

// Hashed build output may be cached forever; everything else must be revalidated.
std::string_view cache_control_for(std::string_view path);

}  // namespace landing::site
