#include "site/representation.hpp"

#include "site/etag.hpp"
#include "site/mime.hpp"
#include "site/speculation_rules.hpp"

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

}  // namespace

// `file`, when valid, holds the bytes (with their `hash`); else `body` does.
representation make_representation(std::string body, body_file file, std::uint64_t hash,
                                   std::string_view path, std::string_view encoding, bool varies) {
  representation rep;
  std::string suffix;
  if (!encoding.empty()) {
    suffix += '-';
    suffix += encoding;
  }
  if (!file.valid()) {
    hash = content_hash(body);
    // A large body goes to a memfd and leaves the heap (sendfile sends it from there).
    if (body.size() >= sendfile_min_bytes) file = body_file(body);
    if (file.valid()) {
      body = std::string();
    }
  }
  rep.hash = hash;
  rep.etag = etag_of_hash(hash, suffix);
  rep.body = std::move(body);
  rep.file = std::move(file);
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
  const auto html = type.content_type.starts_with("text/html");
  const auto lang = language_of(path);
  if (!lang.empty() && html) header_line(rep.head, "Content-Language", lang);
  // Every page but the editor's names the rules (a browser acts on them in documents only).
  if (html && !is_editor_path(path)) {
    header_line(rep.head, "Speculation-Rules", speculation_rules_header);
  }
  return rep;
}

std::unique_ptr<asset> make_asset(const std::string& path, std::string body, body_file file,
                                  std::uint64_t hash) {
  auto item = std::make_unique<asset>();
  const auto type = mime_for(path);
  item->content_type = type.content_type;
  item->path = path;
  const auto size = file.valid() ? file.bytes().size() : body.size();
  item->compressible = type.compressible && size > 256;
  // Vary is announced up front for anything that may get a compressed form later, so no cache
  // keeps an identity answer for every client.
  item->identity =
      make_representation(std::move(body), std::move(file), hash, path, {}, item->compressible);
  return item;
}

}  // namespace landing::site
