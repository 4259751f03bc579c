#include "bitrix24/portal.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>

namespace landing::bitrix24 {
namespace {

bool digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// The webhook's code: Bitrix24 makes it of letters and digits.
bool code_like(std::string_view text) {
  return !text.empty() && text.find_first_not_of(
                              "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                              std::string_view::npos;
}

}  // namespace

webhook_url parse_webhook_url(std::string_view text, const outbound::reach& allowed) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  webhook_url out;
  const auto parsed = boost::urls::parse_absolute_uri(text);
  if (!parsed) {
    out.error = "not an absolute URL (it should look like https://<portal>/rest/<user>/<code>/)";
    return out;
  }
  out.host = parsed->host();
  if (const auto checked = outbound::check_url(text, allowed); !checked.error.empty()) {
    out.error = checked.error;
    return out;
  }
  if (parsed->has_query() || parsed->has_fragment()) {
    out.error =
        "the URL has a query or fragment; Bitrix24 shows it as "
        "https://<portal>/rest/<user>/<code>/";
    return out;
  }
  // Segments: rest, user, code, and perhaps a method copied with it.
  std::vector<std::string> segments;
  for (const auto& each : parsed->segments()) segments.push_back(each);
  while (!segments.empty() && segments.back().empty()) segments.pop_back();
  if (segments.size() == 4 && segments[3].find('.') != std::string::npos) segments.pop_back();
  if (segments.size() != 3 || segments[0] != "rest" || !digits(segments[1]) ||
      !code_like(segments[2])) {
    out.error =
        "the path is not /rest/<user id>/<code>/ (copy the URL of the incoming webhook as "
        "Bitrix24 shows it, under Developer resources)";
    return out;
  }
  out.base = std::string(parsed->scheme()) + "://" + std::string(parsed->encoded_authority()) +
             "/rest/" + segments[1] + "/" + segments[2] + "/";
  return out;
}

portal::portal(webhook_url url, outbound::client_options http)
    : url_(std::move(url)), http_(std::move(http)) {}

reply portal::call(std::string_view method, const boost::json::object& params,
                   const std::atomic<bool>& cancel, bool once) {
  outbound::answer got;
  {
    const std::lock_guard lock(http_mutex_);
    got = http_.request("POST", url_.base + std::string(method) + ".json",
                        {{"content-type", "application/json"}, {"accept", "application/json"}},
                        boost::json::serialize(params), cancel, once);
  }
  reply out;
  out.status = got.status;
  out.retry_after = got.retry_after;
  if (got.status == 0) {
    out.transport = got.error_class;
    out.transport_error = got.error;
    out.failed = true;
    return out;
  }
  boost::system::error_code ec;
  const auto body = boost::json::parse(got.body, ec);
  const auto* object = ec ? nullptr : body.if_object();
  if (object == nullptr) {
    out.failed = true;
    out.description = "the answer is not JSON (HTTP " + std::to_string(got.status) + ")";
    return out;
  }
  if (const auto* error = object->if_contains("error")) {
    out.failed = true;
    if (error->is_string()) out.error = error->as_string();
    if (const auto* said = object->if_contains("error_description"); said && said->is_string()) {
      out.description = said->as_string();
    }
    return out;
  }
  if (const auto* result = object->if_contains("result")) {
    out.result = *result;
    out.failed = got.status < 200 || got.status >= 300;
    if (out.failed) out.description = "HTTP " + std::to_string(got.status);
    return out;
  }
  out.failed = true;
  out.description =
      "the answer has neither result nor error (HTTP " + std::to_string(got.status) + ")";
  return out;
}

}  // namespace landing::bitrix24
