#include "storage/postgres/arrays.hpp"

#include <cstdint>
#include <cstdio>

namespace landing::storage::postgres {
namespace {

template <class Number, class Write>
std::string join(const std::vector<Number>& items, Write write) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    write(out, items[i]);
  }
  out += '}';
  return out;
}

}  // namespace

std::string text_array(const std::vector<std::string>& items) {
  return join(items, [](std::string& out, const std::string& item) {
    out += '"';
    for (const char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  });
}

std::string number_array(const std::vector<std::int64_t>& items) {
  return join(items, [](std::string& out, std::int64_t item) { out += std::to_string(item); });
}

std::string number_array(const std::vector<double>& items) {
  return join(items, [](std::string& out, double item) {
    // 17 significant digits name every double exactly; std::to_string keeps only 6 decimals.
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", item);
    out += text;
  });
}

}  // namespace landing::storage::postgres
