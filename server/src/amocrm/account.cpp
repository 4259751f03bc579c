#include "amocrm/account.hpp"

#include <boost/json/parse.hpp>
#include <boost/url/parse.hpp>

namespace landing::amocrm {
namespace {

std::string text_of(const boost::json::object& object, const char* key) {
  const auto* found = object.if_contains(key);
  return found != nullptr && found->is_string() ? std::string(found->as_string()) : std::string();
}

// The validation errors of a 400 in one line: "0.source_uid: This field is missing.; …".
std::string validation_of(const boost::json::object& problem) {
  std::string out;
  const auto* list = problem.if_contains("validation-errors");
  if (list == nullptr || !list->is_array()) return out;
  for (const auto& request : list->as_array()) {
    const auto* errors = request.is_object() ? request.as_object().if_contains("errors") : nullptr;
    if (errors == nullptr || !errors->is_array()) continue;
    for (const auto& each : errors->as_array()) {
      if (!each.is_object()) continue;
      const auto path = text_of(each.as_object(), "path");
      const auto said = text_of(each.as_object(), "detail");
      if (!out.empty()) out += "; ";
      if (!path.empty()) out.append(path).append(": ");
      out += said;
    }
  }
  return out;
}

}  // namespace

account_url parse_account_url(std::string_view text, const outbound::reach& allowed) {
  while (!text.empty() &&
         (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '/')) {
    text.remove_suffix(1);
  }
  std::string given(text);
  if (given.find("://") == std::string::npos) given = "https://" + given;
  account_url out;
  const auto parsed = boost::urls::parse_absolute_uri(given);
  if (!parsed) {
    out.error = "not an address (it should look like https://studio.amocrm.ru)";
    return out;
  }
  out.host = parsed->host();
  if (const auto checked = outbound::check_url(given, allowed); !checked.error.empty()) {
    out.error = checked.error;
    return out;
  }
  if (!parsed->encoded_path().empty() || parsed->has_query() || parsed->has_fragment()) {
    out.error = "give the account's address only, such as https://studio.amocrm.ru (no path)";
    return out;
  }
  out.base = std::string(parsed->scheme()) + "://" + std::string(parsed->encoded_authority());
  return out;
}

account::account(account_url url, std::string token, outbound::client_options http)
    : url_(std::move(url)), token_(std::move(token)), http_(std::move(http)) {}

reply account::call(const std::string& method, const std::string& path,
                    const std::string& json_body, const std::atomic<bool>& cancel, bool once) {
  outbound::answer got;
  {
    const std::lock_guard lock(http_mutex_);
    got = http_.request(method, url_.base + path,
                        {{"authorization", "Bearer " + token_},
                         {"content-type", "application/json"},
                         {"accept", "application/json"}},
                        json_body, cancel, once);
  }
  reply out;
  out.status = got.status;
  out.retry_after = got.retry_after;
  if (got.status == 0) {
    out.transport = got.error_class;
    out.transport_error = got.error;
    return out;
  }
  boost::system::error_code ec;
  auto body = got.body.empty() ? boost::json::value() : boost::json::parse(got.body, ec);
  if (ec) {
    out.detail = "the answer is not JSON (HTTP " + std::to_string(got.status) + ")";
    if (got.status >= 200 && got.status < 300) out.status = 502;  // not the answer we need
    return out;
  }
  if (got.status >= 200 && got.status < 300) {
    out.body = std::move(body);
    return out;
  }
  if (const auto* problem = body.if_object()) {
    out.detail = validation_of(*problem);
    if (out.detail.empty()) out.detail = text_of(*problem, "detail");
    if (out.detail.empty()) out.detail = text_of(*problem, "title");
  }
  if (out.detail.empty()) out.detail = "HTTP " + std::to_string(got.status);
  return out;
}

}  // namespace landing::amocrm
