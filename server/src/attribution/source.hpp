#pragma once

#include <array>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

// Where a visitor came from: the first touch the page keeps for its tab session
// (contract/lead-source.json). Plain data and the rules about it, used by the lead endpoint, the
// vitals beacon, the Telegram message and the report alike.
namespace landing::attribution {

inline constexpr std::size_t max_value_length = 100;  // code points
inline constexpr std::size_t max_class_length = 40;   // code points
inline constexpr std::size_t max_classes_per_day = 200;
inline constexpr std::string_view direct_class = "direct";
inline constexpr std::string_view other_class = "other";
// The class of a lead that came with no source (a form post without tags, or from before sources
// were kept), and of the arrival the page counts without JavaScript when its URL has no tags.
inline constexpr std::string_view unknown_class = "unknown";

// Every member empty or false is absent.
struct source {
  std::string utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref;
  bool gclid = false, yclid = false, fbclid = false;
  std::string referrer;  // a host name only
  std::string landing;   // a path, no query
  std::string locale;
  std::optional<std::int64_t> at;  // first touch, unix ms

  bool operator==(const source&) const = default;
};

// Why a source was dropped: the label of landing_lead_sources_dropped_total.
enum class drop_reason {
  bad_type,
  unknown_key,
  invalid_text,
  too_long,
  bad_host,
  bad_landing,
  bad_locale,
  bad_time
};
inline constexpr std::array all_drop_reasons{drop_reason::bad_type,     drop_reason::unknown_key,
                                             drop_reason::invalid_text, drop_reason::too_long,
                                             drop_reason::bad_host,     drop_reason::bad_landing,
                                             drop_reason::bad_locale,   drop_reason::bad_time};
std::string_view label(drop_reason reason);

// The strict check (contract/README.md): the first failing rule wins.
std::variant<source, drop_reason> parse(const boost::json::value& value);

// The first `count` code points of `text`, as UTF-8.
std::string first_code_points(const std::u32string& text, std::size_t count);

// The stored form: a JSON object of the present members only, in the contract's key order.
std::string to_json(const source& item);
// The stored form read back; nullopt for an empty or damaged text.
std::optional<source> from_json(std::string_view text);

// What visits and the report group by: utm_source lowercased, else the referrer's host, each cut
// to max_class_length code points, else "direct". A tag or host that would take a name the
// report keeps for itself (total, direct, other, unknown) is `other` (source_class.cpp).
std::string class_of(const source& item);

// The class of a beacon's `source`: the two tags a class is made of (utm_source, referrer).
// Anything else there, or a tag that fails the rules, is the class `other`, so a bad tag costs the
// beacon nothing but its class.
std::string arrival_class(const boost::json::value& value);

// A form post carries no source, but its Referer is the landing URL: the tags and click ids of
// its query string. nullopt when it carries none of them (a no-JS visit is then unknown, not
// direct); a value that fails the rules is left out, as the page would.
std::optional<source> from_query(std::string_view query);

// The line of the Telegram message, e.g. «Источник: google / cpc / spring_sale · с vc.ru».
std::string telegram_line(const source& item);

}  // namespace landing::attribution
