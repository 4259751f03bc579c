#include "leads/contact_request.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <optional>

#include "common/form_decode.hpp"
#include "common/locales.hpp"
#include "common/utf8.hpp"

namespace landing::leads {
namespace {

// A name the answer can repeat: short, valid UTF-8, nothing that is not plain text.
bool echoable(std::string_view key) {
  if (key.empty() || key.size() > unknown_field_name_max || !utf8::decode(key)) return false;
  return std::none_of(key.begin(), key.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
}

// Unknown names are reported, never silently dropped, but the answer stays small: a few are
// named, the rest share one entry.
void report_unknown(contact_request& out, std::string_view key) {
  if (out.unknown_named < unknown_fields_named && echoable(key)) {
    if (out.errors.emplace(std::string(key), "unknown_field").second) ++out.unknown_named;
    return;
  }
  out.errors.emplace(std::string(other_unknown_fields), "unknown_field");
}

// Routes a known field to its slot; false for a name the API does not know.
bool assign(contact_request& out, std::string_view key, std::string value) {
  if (key == "name") {
    out.fields.name = std::move(value);
  } else if (key == "social") {
    out.fields.social = std::move(value);
  } else if (key == "email") {
    out.fields.email = std::move(value);
  } else if (key == "message") {
    out.fields.message = std::move(value);
  } else if (key == "locale") {
    out.locale = std::move(value);
  } else if (key == "website") {
    out.website = std::move(value);
  } else if (key == "consent") {
    out.consent = std::move(value);
  } else if (key == "altcha") {
    out.proof = std::move(value);
  } else {
    report_unknown(out, key);
    return false;
  }
  return true;
}

void finish(contact_request& out) {
  for (auto& [field, code] : validate(out.fields)) out.errors.emplace(field, code);
  if (!is_supported_locale(out.locale)) out.errors.emplace("locale", "invalid");
}

}  // namespace

body_kind kind_of(std::string_view content_type) {
  const auto media = http::media_type(content_type);
  if (http::iequals(media, "application/json")) return body_kind::json;
  if (http::iequals(media, "application/x-www-form-urlencoded")) return body_kind::form;
  return body_kind::unsupported;
}

contact_request parse_json(std::string_view body) {
  contact_request out;
  boost::system::error_code ec;
  const auto value = boost::json::parse(body, ec);
  if (ec || !value.is_object()) {
    out.malformed = true;
    return out;
  }
  for (const auto& [key, item] : value.as_object()) {
    if (key == "source") {
      auto checked = attribution::parse(item);
      if (auto* kept = std::get_if<attribution::source>(&checked)) {
        out.source = std::move(*kept);
      } else {
        out.source_dropped = std::get<attribution::drop_reason>(checked);
      }
      continue;
    }
    const bool known = assign(out, key, item.is_string() ? std::string(item.as_string()) : "");
    if (known && !item.is_string()) out.errors.emplace(std::string(key), "invalid");
  }
  finish(out);
  return out;
}

contact_request parse_form(std::string_view body) {
  contact_request out;
  while (!body.empty()) {
    const auto amp = body.find('&');
    const auto pair = body.substr(0, amp);
    if (!pair.empty()) {
      const auto eq = pair.find('=');
      const auto key = form_decode(pair.substr(0, eq));
      auto value = form_decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
      if (key && value) {
        assign(out, *key, std::move(*value));
      } else if (key && assign(out, *key, {})) {
        out.errors.emplace(*key, "invalid");
      } else if (!key) {
        report_unknown(out, {});
      }
    }
    if (amp == std::string_view::npos) break;
    body.remove_prefix(amp + 1);
  }
  finish(out);
  return out;
}

std::optional<attribution::source> source_from_referer(std::string_view referer) {
  const auto query = referer.find('?');
  if (query == std::string_view::npos) return std::nullopt;
  auto rest = referer.substr(query + 1);
  return attribution::from_query(rest.substr(0, rest.find('#')));
}

}  // namespace landing::leads
