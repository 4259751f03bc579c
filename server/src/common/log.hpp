#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

// One JSON object per line on stdout, so logs can be shipped and queried without parsing prose.
namespace landing::log {

enum class level { debug, info, warn, error };

void init(bool debug);
bool debug_enabled();
void write(level lvl, std::string_view event, const boost::json::object& fields = {});

inline void debug(std::string_view event, const boost::json::object& fields = {}) {
  if (debug_enabled()) write(level::debug, event, fields);
}
inline void info(std::string_view event, const boost::json::object& fields = {}) {
  write(level::info, event, fields);
}
inline void warn(std::string_view event, const boost::json::object& fields = {}) {
  write(level::warn, event, fields);
}
inline void error(std::string_view event, const boost::json::object& fields = {}) {
  write(level::error, event, fields);
}

}  // namespace landing::log
