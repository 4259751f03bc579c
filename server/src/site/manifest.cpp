#include "site/manifest.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>

namespace landing::site {
namespace {

std::filesystem::path manifest_file(const std::string& site_dir) {
  return std::filesystem::path(site_dir) / ".site.json";
}

// The manifest's object, or none when the file is missing or is not a JSON object.
std::optional<boost::json::object> read_manifest(const std::string& site_dir) {
  std::ifstream in(manifest_file(site_dir));
  if (!in) return std::nullopt;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  return std::move(value.as_object());
}

bool base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/';
}

// 'sha256-' and the 32 bytes' base64: 43 characters and one '=' (CSP3, hash-source).
bool sha256_source(std::string_view source) {
  constexpr std::string_view open = "'sha256-";
  if (source.size() != open.size() + 44 + 1 || !source.starts_with(open) ||
      !source.ends_with("='")) {
    return false;
  }
  const auto digest = source.substr(open.size(), 43);
  for (const char c : digest) {
    if (!base64_char(c)) return false;
  }
  return true;
}

}  // namespace

std::string built_origin(const std::string& site_dir) {
  const auto manifest = read_manifest(site_dir);
  const auto* origin = manifest ? manifest->if_contains("origin") : nullptr;
  return origin && origin->is_string() ? std::string(origin->as_string()) : std::string();
}

std::vector<std::string> built_script_sources(const std::string& site_dir) {
  const auto manifest = read_manifest(site_dir);
  const auto* listed = manifest ? manifest->if_contains("scriptSources") : nullptr;
  if (!listed) return {};
  const auto where = manifest_file(site_dir).string() + ": scriptSources";
  if (!listed->is_array()) throw std::runtime_error(where + " is not a list");
  std::vector<std::string> sources;
  for (const auto& each : listed->as_array()) {
    const auto* text = each.if_string();
    if (!text || !sha256_source(*text)) {
      throw std::runtime_error(where + " holds " + boost::json::serialize(each) +
                               ", not a script's 'sha256-…' source: build the site again");
    }
    sources.emplace_back(*text);
  }
  return sources;
}

}  // namespace landing::site
