#include "site/origin.hpp"

#include <boost/json/parse.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace landing::site {

std::string built_origin(const std::string& site_dir) {
  std::ifstream in(std::filesystem::path(site_dir) / ".site.json");
  if (!in) return {};
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  boost::system::error_code ec;
  const auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) return {};
  const auto* origin = value.as_object().if_contains("origin");
  return origin && origin->is_string() ? std::string(origin->as_string()) : std::string();
}

}  // namespace landing::site
