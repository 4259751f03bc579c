#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace landing::site {

// One stored form of a file: its bytes plus the header lines that go with them, formatted once
// at load so serving does no per-request formatting.
struct representation {
  std::string body;
  std::string etag;
  std::string head;               // Content-Type, Cache-Control, ETag, Vary, Content-Encoding...
  std::string not_modified_head;  // what a 304 repeats: ETag, Cache-Control, Vary
};

struct asset {
  representation identity;
  std::optional<representation> br;
  std::optional<representation> gzip;
  std::string_view content_type;
};

struct load_options {
  int brotli_quality = 11;
  unsigned threads = 0;  // 0: one per core
};

class site {
 public:
  // Reads every file under root except dotfiles and dot-directories. Throws std::runtime_error
  // with a one-line reason when the folder cannot be read.
  static site load(const std::filesystem::path& root, const load_options& options = {});

  // By URL path, such as "/en/index.html".
  [[nodiscard]] const asset* find(std::string_view path) const;
  [[nodiscard]] std::size_t size() const { return assets_.size(); }
  [[nodiscard]] std::size_t bytes() const;

  // For tests: add a file as if it had been loaded.
  void add(std::string path, std::string body, const load_options& options = {});

 private:
  struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>{}(text);
    }
  };
  std::unordered_map<std::string, asset, string_hash, std::equal_to<>> assets_;
};

// Hashed build output may be cached forever; everything else must be revalidated.
std::string_view cache_control_for(std::string_view path);

}  // namespace landing::site
