#include "webhook/payload.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <ctime>

#include "common/utf8.hpp"

namespace landing::webhook {
namespace {

std::string envelope(std::string_view type, boost::json::object data, std::int64_t now_ms) {
  return boost::json::serialize(
      boost::json::object{{"type", type}, {"timestamp", rfc3339(now_ms)}, {"data", data}});
}

boost::json::object lead_data(const storage::lead& item, std::string_view message) {
  boost::json::object data{{"id", item.id},
                           {"created_at", rfc3339(item.created_at)},
                           {"locale", item.locale},
                           {"name", item.fields.name},
                           {"social", item.fields.social},
                           {"email", item.fields.email},
                           {"message", message}};
  // The source as the page sent and the server checked it (contract/lead-source.json); null
  // when the visitor's browser asked not to be tracked or sent none.
  boost::system::error_code ec;
  auto source = item.source.empty() ? boost::json::value() : boost::json::parse(item.source, ec);
  data["source"] = ec ? boost::json::value() : std::move(source);
  return data;
}

}  // namespace

std::string rfc3339(std::int64_t unix_ms) {
  const std::time_t seconds = unix_ms / 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  const auto written = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  return std::string(text, written) + "." + std::to_string(1000 + unix_ms % 1000).substr(1) + "Z";
}

std::string lead_body(const storage::lead& item, std::int64_t now_ms) {
  auto body = envelope("lead.created", lead_data(item, item.fields.message), now_ms);
  if (body.size() <= body_max_bytes) return body;
  const auto over = body.size() - body_max_bytes;
  const auto keep =
      item.fields.message.size() > over + 32 ? item.fields.message.size() - over - 32 : 0;
  auto data = lead_data(item, utf8::cut(item.fields.message, keep));
  data["truncated"] = true;
  return envelope("lead.created", std::move(data), now_ms);
}

std::string ping_body(std::int64_t now_ms) {
  return envelope("ping",
                  {{"message",
                    "A test from landing-server: the signature and the answer are "
                    "checked as a lead's would be."}},
                  now_ms);
}

std::string alert_body(const std::string& text, std::int64_t now_ms) {
  return envelope("alert", {{"text", text}}, now_ms);
}

}  // namespace landing::webhook
