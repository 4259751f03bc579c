#include "site/site.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_set>
#include <vector>

#include "site/compress.hpp"
#include "site/etag.hpp"
#include "site/mime.hpp"

namespace landing::site {
namespace {

std::string_view language_of(std::string_view path) {
  if (path.starts_with("/en/")) return "en";
  if (path.starts_with("/ru/")) return "ru";
  return {};
}

// Appends "Name: value\r\n". Built with appends: GCC 12 misreports chains of operator+ on
// strings as overlapping copies (-Wrestrict, GCC bug 105329).
void header_line(std::string& out, std::string_view name, std::string_view value) {
  out += name;
  out += ": ";
  out += value;
  out += "\r\n";
}

representation make_representation(std::string body, std::string_view path,
                                   std::string_view encoding, bool varies) {
  representation rep;
  std::string suffix;
  if (!encoding.empty()) {
    suffix += '-';
    suffix += encoding;
  }
  rep.etag = make_etag(body, suffix);
  rep.body = std::move(body);
  if (rep.body.size() >= sendfile_min_bytes) rep.file = body_file(rep.body);
  const auto type = mime_for(path);
  std::string shared;
  header_line(shared, "Cache-Control", cache_control_for(path));
  header_line(shared, "ETag", rep.etag);
  if (varies) header_line(shared, "Vary", "Accept-Encoding");
  rep.not_modified_head = shared;
  header_line(rep.head, "Content-Type", type.content_type);
  rep.head += shared;
  if (encoding.empty()) {
    header_line(rep.head, "Accept-Ranges", "bytes");
  } else {
    header_line(rep.head, "Content-Encoding", encoding);
  }
  // Search engines leave the editor out, whoever links to it (it is also not in the sitemap).
  if (is_editor_path(path)) header_line(rep.head, "X-Robots-Tag", "noindex, nofollow");
  const auto lang = language_of(path);
  if (!lang.empty() && type.content_type.starts_with("text/html")) {
    header_line(rep.head, "Content-Language", lang);
  }
  return rep;
}

std::unique_ptr<asset> make_asset(const std::string& path, std::string body) {
  auto item = std::make_unique<asset>();
  const auto type = mime_for(path);
  item->content_type = type.content_type;
  item->path = path;
  item->compressible = type.compressible && body.size() > 256;
  // Vary is announced up front for anything that may get a compressed form later, so no cache
  // keeps an identity answer for every client.
  item->identity = make_representation(std::move(body), path, {}, item->compressible);
  return item;
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "/a.js" for "/a.js.br" and "/a.js.gz"; empty for anything else.
std::string companion_base(std::string_view path) {
  for (const std::string_view suffix : {".br", ".gz"}) {
    if (path.size() > suffix.size() + 1 && path.ends_with(suffix)) {
      return std::string(path.substr(0, path.size() - suffix.size()));
    }
  }
  return {};
}

}  // namespace

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

site site::load(const std::filesystem::path& root) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) {
    throw std::runtime_error("site folder " + root.string() + " is not a readable directory");
  }
  std::vector<std::pair<std::string, std::filesystem::path>> files;
  std::filesystem::recursive_directory_iterator it(root, ec);
  if (ec)
    throw std::runtime_error("cannot read site folder " + root.string() + ": " + ec.message());
  for (const std::filesystem::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec) throw std::runtime_error("cannot read site folder: " + ec.message());
    // Dotfiles (.vite/manifest.json, .env, .git) are build or deploy internals, never content.
    if (it->path().filename().string().starts_with('.')) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    auto relative = std::filesystem::relative(it->path(), root).generic_string();
    files.emplace_back("/" + relative, it->path());
  }

  site result;
  std::unordered_set<std::string> names;
  for (const auto& [path, file] : files) names.insert(path);
  std::vector<std::pair<std::string, std::filesystem::path>> companions;
  for (const auto& [path, file] : files) {
    if (const auto base = companion_base(path); !base.empty()) {
      if (names.contains(base)) {
        companions.emplace_back(path, file);
        continue;
      }
    }
    result.assets_.emplace(path, make_asset(path, read_file(file)));
  }
  for (const auto& [path, file] : companions) {
    auto& item = *result.assets_.at(companion_base(path));
    if (!item.compressible) continue;
    const std::string_view encoding = path.ends_with(".br") ? "br" : "gzip";
    if (adopt(item, encoding, read_file(file))) {
      ++result.precompressed_;
    } else {
      ++result.stale_precompressed_;
    }
  }
  return result;
}

bool site::adopt(asset& item, std::string_view encoding, std::string data) {
  const auto& body = item.identity.body;
  if (data.size() >= body.size()) return false;
  const auto decoded =
      encoding == "br" ? brotli_decompress(data, body.size()) : gzip_decompress(data, body.size());
  if (!decoded || *decoded != body) return false;
  publish(item, encoding, std::move(data));
  return true;
}

void site::publish(asset& item, std::string_view encoding, std::string data) {
  auto rep = std::make_unique<const representation>(
      make_representation(std::move(data), item.path, encoding, true));
  auto& storage = encoding == "br" ? item.br_storage_ : item.gzip_storage_;
  auto& published = encoding == "br" ? item.br_ : item.gzip_;
  storage = std::move(rep);
  published.store(storage.get(), std::memory_order_release);
}

bool site::compress(asset& item, const load_options& options, const std::atomic<bool>* stop) {
  if (!item.compressible || (item.br() && item.gzip())) return false;
  const auto& body = item.identity.body;
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
  return true;
}

std::size_t site::compress_all(const load_options& options, const std::atomic<bool>& stop) {
  std::vector<asset*> work;
  for (auto& [path, item] : assets_) work.push_back(item.get());
  // Smallest first: the HTML pages and small scripts get their compressed forms within
  // milliseconds, the big bundles follow.
  std::sort(work.begin(), work.end(), [](const asset* a, const asset* b) {
    return a->identity.body.size() < b->identity.body.size();
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
  for (const auto& [path, item] : assets_) total += item->identity.body.size();
  return total;
}

void site::add(const std::string& path, std::string body, const load_options& options) {
  auto item = make_asset(path, std::move(body));
  compress(*item, options);
  assets_.insert_or_assign(path, std::move(item));
}

}  // namespace landing::site
