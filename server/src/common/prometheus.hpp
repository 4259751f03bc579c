#pragma once

#include <string>
#include <string_view>

namespace landing::prometheus {

// Prometheus' text exposition, a line at a time: "# TYPE name kind", and samples
// "name{labels} value" (no braces without labels).
inline void type(std::string& out, std::string_view name, std::string_view kind) {
  out.append("# TYPE ").append(name).append(" ").append(kind).append("\n");
}

template <class Number>
void sample(std::string& out, std::string_view name, std::string_view labels, Number value) {
  out += name;
  if (!labels.empty()) out.append("{").append(labels).append("}");
  out.append(" ").append(std::to_string(value)).append("\n");
}

}  // namespace landing::prometheus
