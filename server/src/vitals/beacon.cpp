#include "vitals/beacon.hpp"

#include <boost/json.hpp>
#include <cmath>
#include <initializer_list>
#include <variant>

#include "attribution/source.hpp"
#include "common/characters.hpp"
#include "common/utf8.hpp"

namespace landing::vitals {
namespace {

namespace json = boost::json;

constexpr std::array<metric_definition, 5> definitions{{
    {"LCP", 600000, 1, 2500, 4000, true, false},
    {"INP", 600000, 1, 200, 500, true, true},
    {"CLS", 10, 4, 0.1, 0.25, true, false},
    {"FCP", 600000, 1, 1800, 3000, false, false},
    {"TTFB", 600000, 1, 800, 1800, false, false},
}};

constexpr std::array<std::string_view, 4> effective_types{"slow-2g", "2g", "3g", "4g"};
constexpr std::array<std::string_view, 6> navigation_types{
    "navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore"};
constexpr std::array<std::string_view, 2> interaction_types{"pointer", "keyboard"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& allowed, std::string_view value) {
  for (auto a : allowed) {
    if (a == value) return true;
  }
  return false;
}

bool only_fields(const json::object& object, std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, _] : object) {
    bool known = false;
    for (auto a : allowed) known = known || key == a;
    if (!known) return false;
  }
  return true;
}

// A string field that must be present; nullptr when it is missing or not a string.
const json::string* string_field(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value ? value->if_string() : nullptr;
}

// Code points of valid UTF-8 that reads as written on one line, as the contact form's one-line
// fields must (contract/README.md): no control, bidi control, line break or noncharacter;
// nullopt otherwise.
std::optional<std::size_t> printable_code_points(std::string_view text) {
  const auto decoded = utf8::decode(text);
  if (!decoded) return std::nullopt;
  for (const char32_t c : *decoded) {
    if (characters::is_refused_in_line(c)) return std::nullopt;
  }
  return decoded->size();
}

bool has_decimals_at_most(double value, int decimals) {
  const double scaled = value * std::pow(10.0, decimals);
  return std::abs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, std::abs(scaled));
}

parsed refuse(std::string code, std::string where) {
  return {std::nullopt, refusal{std::move(code), std::move(where)}};
}

}  // namespace

const metric_definition& definition(metric m) { return definitions[static_cast<std::size_t>(m)]; }

std::optional<metric> metric_named(std::string_view name) {
  for (auto m : all_metrics) {
    if (definition(m).name == name) return m;
  }
  return std::nullopt;
}

rating rate(metric m, double value) {
  const auto& d = definition(m);
  if (value <= d.good) return rating::good;
  if (value <= d.poor) return rating::needs_improvement;
  return rating::poor;
}

std::string_view rating_name(rating r) {
  switch (r) {
    case rating::good:
      return "good";
    case rating::needs_improvement:
      return "needs-improvement";
    case rating::poor:
      return "poor";
  }
  return "poor";
}

parsed parse_beacon(std::string_view body) {
  if (body.size() > max_body_bytes) return refuse("too_large", "");
  boost::system::error_code ec;
  const auto value = json::parse(body, ec);
  if (ec || !value.is_object()) return refuse("malformed", "");
  const auto& top = value.as_object();
  if (!only_fields(top, {"v", "route", "locale", "device", "effectiveType", "metrics", "source"})) {
    return refuse("unknown_field", "");
  }
  const auto* version = top.if_contains("v");
  if (!version || !version->is_int64() || version->as_int64() != 1) return refuse("version", "v");

  beacon out;
  const auto text = [&](std::string_view key, auto allowed, std::string& into) {
    const auto* s = string_field(top, key);
    if (!s || !one_of(allowed, *s)) return false;
    into = std::string(*s);
    return true;
  };
  if (!text("route", routes, out.route)) return refuse("route", "route");
  if (!text("locale", locales, out.locale)) return refuse("locale", "locale");
  if (!text("device", devices, out.device)) return refuse("device", "device");
  if (top.contains("effectiveType") &&
      !text("effectiveType", effective_types, out.effective_type)) {
    return refuse("effective_type", "effectiveType");
  }

  const auto* metrics = top.if_contains("metrics");
  if (!metrics || !metrics->is_array() || metrics->as_array().empty() ||
      metrics->as_array().size() > all_metrics.size()) {
    return refuse("metrics", "metrics");
  }
  std::array<bool, all_metrics.size()> seen{};
  for (std::size_t i = 0; i < metrics->as_array().size(); ++i) {
    const auto where = "metrics[" + std::to_string(i) + "]";
    const auto* entry = metrics->as_array()[i].if_object();
    if (!entry) return refuse("metrics", where);
    const auto* name = string_field(*entry, "name");
    const auto m = name ? metric_named(*name) : std::nullopt;
    if (!m) return refuse("metric_name", where + ".name");
    if (seen[static_cast<std::size_t>(*m)]) return refuse("duplicate_metric", where + ".name");
    seen[static_cast<std::size_t>(*m)] = true;
    const auto& d = definition(*m);

    const bool fields_ok =
        d.has_interaction_type ? only_fields(*entry, {"name", "value", "rating", "navigationType",
                                                      "target", "interactionType"})
        : d.has_target
            ? only_fields(*entry, {"name", "value", "rating", "navigationType", "target"})
            : only_fields(*entry, {"name", "value", "rating", "navigationType"});
    if (!fields_ok) return refuse("attribution_field", where);

    measurement out_metric{*m, 0, rating::good, {}, {}, {}};
    const auto* number = entry->if_contains("value");
    if (!number || !(number->is_number())) return refuse("value_range", where + ".value");
    out_metric.value = number->to_number<double>();
    if (!std::isfinite(out_metric.value) || out_metric.value < 0 || out_metric.value > d.max) {
      return refuse("value_range", where + ".value");
    }
    if (!has_decimals_at_most(out_metric.value, d.decimals)) {
      return refuse("value_precision", where + ".value");
    }
    out_metric.rated = rate(*m, out_metric.value);
    const auto* rated = string_field(*entry, "rating");
    if (!rated || *rated != rating_name(out_metric.rated)) {
      return refuse("rating", where + ".rating");
    }
    const auto* navigation = string_field(*entry, "navigationType");
    if (!navigation || !one_of(navigation_types, *navigation)) {
      return refuse("navigation_type", where + ".navigationType");
    }
    out_metric.navigation_type = std::string(*navigation);
    if (entry->contains("target")) {
      const auto* target = string_field(*entry, "target");
      const auto points = target ? printable_code_points(*target) : std::nullopt;
      if (!points || *points == 0 || *points > max_selector_code_points) {
        return refuse("selector", where + ".target");
      }
      out_metric.target = std::string(*target);
    }
    if (entry->contains("interactionType")) {
      const auto* type = string_field(*entry, "interactionType");
      if (!type || !one_of(interaction_types, *type)) {
        return refuse("interaction_type", where + ".interactionType");
      }
      out_metric.interaction_type = std::string(*type);
    }
    out.metrics.push_back(std::move(out_metric));
  }
  if (const auto* source = top.if_contains("source"))
    out.visit_class = attribution::arrival_class(*source);
  return {std::move(out), std::nullopt};
}

}  // namespace landing::vitals
