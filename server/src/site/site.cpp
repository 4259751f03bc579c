#include "site/site.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "site/compress.hpp"
#include "site/etag.hpp"
#include "site/representation.hpp"

namespace landing::site {

bool is_editor_path(std::string_view path) {
  return path == editor_root || path.starts_with(editor_prefix);
}

std::string_view cache_control_for(std::string_view path) {
  // The editor is for signed-in staff: nothing of it is kept by a browser or a proxy.
  if (is_editor_path(path)) return "no-store";
  if (path.starts_with("/assets/")) return "public, max-age=31536000, immutable";
  if (path.ends_with(".html")) return "no-cache";
  return "public, max-age=600, must-revalidate";
}

// The decoded bytes are compared by their hash: the file's bytes (of a large one, in its memfd)
// are not read again.
bool site::adopt(asset& item, std::string_view encoding, std::string data) {
  const auto size = item.identity.bytes().size();
  if (data.size() >= size) return false;
  const auto decoded =
      encoding == "br" ? brotli_decompress(data, size) : gzip_decompress(data, size);
  if (!decoded || content_hash(*decoded) != item.identity.hash) return false;
  publish(item, encoding, std::move(data));
  return true;
}

std::size_t site::check_deferred(const std::atomic<bool>& stop) {
  std::size_t withdrawn = 0;
  for (const auto& [item, encoding] : unchecked_) {
    if (stop.load()) break;
    const auto* published = encoding == "br" ? item->br() : item->gzip();
    const auto size = item->identity.bytes().size();
    const auto decoded = encoding == "br" ? brotli_decompress(published->bytes(), size)
                                          : gzip_decompress(published->bytes(), size);
    if (published->file.valid()) published->file.forget_pages();
    if (decoded && content_hash(*decoded) == item->identity.hash) continue;
    auto& slot = encoding == "br" ? item->br_ : item->gzip_;
    auto& storage = encoding == "br" ? item->br_storage_ : item->gzip_storage_;
    slot.store(nullptr, std::memory_order_release);
    withdrawn_.push_back(std::move(storage));
    ++withdrawn;
  }
  unchecked_.clear();
  return withdrawn;
}

void site::publish(asset& item, std::string_view encoding, std::string data) {
  auto rep = std::make_unique<const representation>(
      make_representation(std::move(data), {}, 0, item.path, encoding, true));
  auto& storage = encoding == "br" ? item.br_storage_ : item.gzip_storage_;
  auto& published = encoding == "br" ? item.br_ : item.gzip_;
  storage = std::move(rep);
  published.store(storage.get(), std::memory_order_release);
}

bool site::compress(asset& item, const load_options& options, const std::atomic<bool>* stop) {
  if (!item.compressible || (item.br() && item.gzip())) return false;
  const auto body = item.identity.bytes();
  if (!item.br()) {
    if (auto br = brotli_compress(body, options.brotli_quality, stop);
        br && br->size() < body.size()) {
      publish(item, "br", std::move(*br));
    }
  }
  if (!item.gzip()) {
    if (auto gz = gzip_compress(body); gz && gz->size() < body.size()) {
      publish(item, "gzip", std::move(*gz));
    }
  }
  // A large file's bytes were read from its memfd's mapping: they leave this process again.
  if (item.identity.file.valid()) item.identity.file.forget_pages();
  return true;
}

std::size_t site::compress_all(const load_options& options, const std::atomic<bool>& stop) {
  std::vector<asset*> work;
  for (auto& [path, item] : assets_) work.push_back(item.get());
  // Smallest first: the HTML pages and small scripts get their compressed forms within
  // milliseconds, the big bundles follow.
  std::sort(work.begin(), work.end(), [](const asset* a, const asset* b) {
    return a->identity.bytes().size() < b->identity.bytes().size();
  });
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> compressed{0};
  const auto run = [&] {
    for (auto i = next++; i < work.size() && !stop.load(); i = next++) {
      if (compress(*work[i], options, &stop)) ++compressed;
    }
  };
  const unsigned threads =
      std::clamp(options.threads ? options.threads : std::thread::hardware_concurrency(), 1U, 8U);
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  for (auto& thread : pool) thread.join();
  return compressed.load();
}

const asset* site::find(std::string_view path) const {
  const auto found = assets_.find(path);
  return found == assets_.end() ? nullptr : found->second.get();
}

std::size_t site::bytes() const {
  std::size_t total = 0;
  for (const auto& [path, item] : assets_) total += item->identity.bytes().size();
  return total;
}

void site::add(const std::string& path, std::string body, const load_options& options) {
  auto item = make_asset(path, std::move(body));
  compress(*item, options);
  assets_.insert_or_assign(path, std::move(item));
}

}  // namespace landing::site
