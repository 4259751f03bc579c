#include "common/log.hpp"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/json/serialize.hpp>
#include <memory>

#include "common/redact.hpp"
#include "common/utf8.hpp"

namespace landing::log {
namespace {

std::atomic<bool> debug_on{false};

std::shared_ptr<spdlog::logger> make_logger() {
  auto logger = spdlog::stdout_logger_mt("landing");
  // The message is the inside of a JSON object, so the whole line stays one valid object.
  logger->set_pattern(R"({"ts":"%Y-%m-%dT%H:%M:%S.%eZ","level":"%l",%v})",
                      spdlog::pattern_time_type::utc);
  logger->set_level(spdlog::level::debug);
  logger->flush_on(spdlog::level::debug);
  return logger;
}

spdlog::logger& logger() {
  static const std::shared_ptr<spdlog::logger> instance = make_logger();
  return *instance;
}

spdlog::level::level_enum to_spdlog(level lvl) {
  switch (lvl) {
    case level::debug:
      return spdlog::level::debug;
    case level::info:
      return spdlog::level::info;
    case level::warn:
      return spdlog::level::warn;
    case level::error:
      return spdlog::level::err;
  }
  return spdlog::level::info;
}

// Strings in a log line may come from anywhere (a request path, a header, a peer's answer), and
// JSON must be valid UTF-8: bytes that are not become \xNN instead of breaking the line. A
// database URI quoted anywhere loses its password.
boost::json::value printable(const boost::json::value& value) {
  if (value.is_string()) {
    const std::string_view text = value.as_string();
    return boost::json::string(utf8::printable(
        text.find("://") == std::string_view::npos ? std::string(text) : redact_uris(text)));
  }
  if (value.is_object()) {
    boost::json::object out;
    for (const auto& field : value.as_object()) {
      out[utf8::printable(field.key())] = printable(field.value());
    }
    return out;
  }
  if (value.is_array()) {
    boost::json::array out;
    for (const auto& item : value.as_array()) out.push_back(printable(item));
    return out;
  }
  return value;
}

}  // namespace

void init(bool debug) {
  debug_on = debug;
  logger();
}

bool debug_enabled() { return debug_on.load(std::memory_order_relaxed); }

void write(level lvl, std::string_view event, const boost::json::object& fields) {
  boost::json::object line;
  line["event"] = event;
  for (const auto& field : fields) line[utf8::printable(field.key())] = printable(field.value());
  std::string text = boost::json::serialize(line);
  // Drop the outer braces: the logger pattern supplies them around ts and level.
  std::string_view inner(text);
  inner.remove_prefix(1);
  inner.remove_suffix(1);
  logger().log(to_spdlog(lvl), spdlog::string_view_t(inner.data(), inner.size()));
}

}  // namespace landing::log
