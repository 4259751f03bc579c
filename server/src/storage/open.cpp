#include "storage/open.hpp"

#include <cctype>

#include "common/redact.hpp"

namespace landing::storage {
namespace {

// "scheme://" at the start, with a scheme as RFC 3986 spells it.
std::string_view uri_scheme(std::string_view db) {
  const auto end = db.find("://");
  if (end == std::string_view::npos || end == 0) return {};
  const auto scheme = db.substr(0, end);
  if (!std::isalpha(static_cast<unsigned char>(scheme.front()))) return {};
  for (const char c : scheme) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') return {};
  }
  return scheme;
}

}  // namespace

bool is_file(std::string_view db) { return uri_scheme(db).empty(); }

std::string describe(const std::string& db) { return redact_uris(db); }

std::unique_ptr<lead_store> open(const std::string& db, const engine_options& options) {
  if (postgres::is_uri(db)) return std::make_unique<postgres::store>(db, options.postgres);
  if (const auto scheme = uri_scheme(db); !scheme.empty()) {
    throw error(fault::unavailable, "unsupported database URI scheme '" + std::string(scheme) +
                                        "': give a postgresql:// URI or an SQLite file path");
  }
  return std::make_unique<sqlite::store>(db, options.sqlite);
}

}  // namespace landing::storage
