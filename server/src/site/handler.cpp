#include "site/handler.hpp"

#include <algorithm>
#include <string>

#include "site/encoding.hpp"
#include "site/etag.hpp"
#include "site/locale.hpp"
#include "site/path.hpp"
#include "site/range.hpp"

namespace landing::site {
namespace {

constexpr std::string_view docs_folder = "/docs";

// Appending rather than operator+ on temporaries: GCC 12 reports a false -Wrestrict there.
std::string page_path(std::string_view locale, std::string_view name) {
  std::string path;
  path += '/';
  path += locale;
  path += '/';
  path += name;
  path += ".html";
  return path;
}

const representation& pick(const asset& item, const http::request& req) {
  const auto* br = item.br();
  const auto* gzip = item.gzip();
  switch (choose_encoding(req.header("Accept-Encoding"), br != nullptr, gzip != nullptr)) {
    case encoding::br:
      return *br;
    case encoding::gzip:
      return *gzip;
    case encoding::identity:
      break;
  }
  return item.identity;
}

http::response serve_asset(const asset& item, const http::request& req) {
  http::response res;
  const representation& rep = pick(item, req);
  if (const auto inm = req.header("If-None-Match");
      !inm.empty() && if_none_match_hits(inm, rep.etag)) {
    res.status = 304;
    res.raw_headers = rep.not_modified_head;
    return res;
  }
  const auto range_header = req.header("Range");
  const auto if_range = req.header("If-Range");
  // Ranges address the identity bytes; a stale If-Range means "send it all".
  if (!range_header.empty() && (if_range.empty() || if_range == item.identity.etag)) {
    const auto body = item.identity.bytes();
    const auto range = parse_range(range_header, body.size());
    if (range.outcome == range_result::unsatisfiable) {
      res.status = 416;
      res.raw_headers = item.identity.head;
      res.set("Content-Range", "bytes */" + std::to_string(body.size()));
      return res;
    }
    if (range.outcome == range_result::partial) {
      res.status = 206;
      res.raw_headers = item.identity.head;
      std::string content_range = "bytes ";
      content_range += std::to_string(range.first);
      content_range += '-';
      content_range += std::to_string(range.last);
      content_range += '/';
      content_range += std::to_string(body.size());
      res.set("Content-Range", std::move(content_range));
      res.body_view(std::string_view(body).substr(range.first, range.last - range.first + 1));
      res.body_in_file(item.identity.file.fd(), range.first);
      return res;
    }
  }
  res.raw_headers = rep.head;
  res.body_view(rep.bytes());
  res.body_in_file(rep.file.fd(), 0);
  return res;
}

http::response not_found(const site& files, std::string_view locale) {
  return localized_page(files, locale, "404", 404);
}

// "/en" and "/en/" serve the prerendered page; "/en/thanks", "/en/privacy" and "/en/consent" its
// confirmation page, privacy policy and consent document (docs/privacy.md); "/en/docs/" the
// docs index and "/en/docs/<section>/<part>" an article.
const asset* localized_route(const site& files, std::string_view path) {
  if (path.size() < 3) return nullptr;
  const auto locale = path.substr(1, 2);
  if (!is_supported_locale(locale)) return nullptr;
  auto rest = path.substr(3);
  if (rest.empty() || rest == "/") return files.find(page_path(locale, "index"));
  if (rest.ends_with('/')) rest.remove_suffix(1);
  for (const std::string_view page : {"thanks", "privacy", "consent"}) {
    if (rest.size() == page.size() + 1 && rest.substr(1) == page) {
      return files.find(page_path(locale, page));
    }
  }
  if (rest == docs_folder) return files.find(page_path(locale, "docs/index"));
  // "/en/docs/<section>/<part>": its prerendered article. A dot in the name would reach files
  // (the 404 page, a page by its .html name) by a second address, so it names no article.
  if (rest.starts_with(docs_folder) && rest.size() > docs_folder.size() &&
      rest[docs_folder.size()] == '/') {
    const auto name = rest.substr(docs_folder.size() + 1);
    if (name.find('.') == std::string_view::npos && std::ranges::count(name, '/') == 1) {
      std::string article = "docs/";
      article += name;
      return files.find(page_path(locale, article));
    }
  }
  return nullptr;
}

// "/en/docs/…" that names no article: the docs' own 404, which leads to the docs index.
bool is_docs_path(std::string_view path) {
  return path.size() >= 3 + docs_folder.size() && is_supported_locale(path.substr(1, 2)) &&
         path.substr(3, docs_folder.size()) == docs_folder &&
         (path.size() == 3 + docs_folder.size() || path[3 + docs_folder.size()] == '/');
}

// "/en/docs/<section>" (or with its slash): the section's name, else empty.
std::string_view docs_section(std::string_view path) {
  if (!is_docs_path(path)) return {};
  auto rest = path.substr(3 + docs_folder.size());
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (rest.empty() || rest.front() != '/') return {};
  rest.remove_prefix(1);
  for (const std::string_view section : {"cases", "services", "about"}) {
    if (rest == section) return section;
  }
  return {};
}

constexpr std::string_view editor_index = "/admin/index.html";

// "/admin" becomes "/admin/" (the editor's own URLs hang off the folder); "/admin/" is the
// editor's page; anything else under it is a file of the editor, or a plain 404 (the public 404
// page would bring the public page's styles under the editor's policy for nothing).
http::response serve_editor(const site& files, std::string_view path, const http::request& req) {
  if (path == editor_root) {
    http::response res;
    res.status = 301;
    res.set("Location", std::string(editor_prefix));
    res.set("Cache-Control", "no-store");
    return res;
  }
  const auto* file = files.find(path == editor_prefix ? editor_index : path);
  if (file == nullptr) {
    auto res = http::text_response(404, "text/plain; charset=utf-8", "404 Not Found\n");
    res.set("Cache-Control", "no-store");
    return res;
  }
  return serve_asset(*file, req);
}

}  // namespace

http::response localized_page(const site& files, std::string_view locale, std::string_view name,
                              unsigned status) {
  if (const auto* page = files.find(page_path(locale, name))) {
    http::response res;
    res.status = status;
    res.set("Content-Type", "text/html; charset=utf-8");
    res.set("Cache-Control", "no-store");
    res.set("Content-Language", std::string(locale));
    res.body_view(page->identity.bytes());
    return res;
  }
  return http::text_response(status, "text/plain; charset=utf-8",
                             status == 404 ? "404 Not Found\n" : "Please try again.\n");
}

http::response serve_site(const site& files, const http::request& req) {
  const auto decoded = decode_path(req.path());
  if (!decoded) return http::text_response(400, "text/plain; charset=utf-8", "Bad Request\n");
  const std::string& path = *decoded;
  if (is_editor_path(path) && files.find(editor_index)) {
    auto res = serve_editor(files, path, req);
    res.security = http::policy::editor;
    return res;
  }
  // Dotfiles are never loaded; answering 404 rather than redirecting says so plainly.
  if (path.find("/.") != std::string::npos) {
    return not_found(files, negotiate_locale(req.header("Cookie"), req.header("Accept-Language")));
  }
  // A page has one address: its route ("/en/thanks", "/en/docs/cases/aurelia"). Its file's
  // name ("/en/thanks.html") would be a second one, and the pages that only answer an error
  // ("/en/404.html", "/en/form-error.html") would answer 200 by it: an .html file is served by
  // its route only, and its name is answered as any path that names nothing.
  if (!path.ends_with(".html")) {
    if (const auto* file = files.find(path)) return serve_asset(*file, req);
  }
  if (const auto* page = localized_route(files, path)) return serve_asset(*page, req);

  const auto second_slash = path.find('/', 1);
  const bool single_segment = second_slash == std::string::npos || second_slash == path.size() - 1;
  const auto guessed = negotiate_locale(req.header("Cookie"), req.header("Accept-Language"));
  const auto first_segment = std::string_view(path).substr(1, second_slash - 1);
  // A locale whose page is missing would otherwise redirect to itself forever.
  if (single_segment && !is_supported_locale(first_segment)) {
    http::response res;
    res.status = 302;
    std::string location = "/";
    location += guessed;
    if (const auto query = req.query(); !query.empty()) {
      location += '?';
      location += query;
    }
    res.set("Location", std::move(location));
    // The answer depends on who asks, so shared caches must not reuse it.
    res.set("Cache-Control", "no-store");
    res.set("Vary", "Accept-Language, Cookie");
    return res;
  }
  if (const auto section = docs_section(path); !section.empty()) {
    // "/en/docs/cases": a reader trimming an article's address; the index lists the section.
    http::response res;
    res.status = 301;
    std::string location(path.substr(0, 3));
    location += docs_folder;
    location += "/#";
    location += section;
    res.set("Location", std::move(location));
    res.set("Cache-Control", "no-store");
    return res;
  }
  if (is_docs_path(path) && files.find(page_path(first_segment, "docs/404")) != nullptr) {
    return localized_page(files, first_segment, "docs/404", 404);
  }
  return not_found(files, is_supported_locale(first_segment) ? first_segment : guessed);
}

}  // namespace landing::site
