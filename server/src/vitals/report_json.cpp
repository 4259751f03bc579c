#include "vitals/report_json.hpp"

#include <boost/json.hpp>
#include <cmath>
#include <string_view>

#include "common/utf8.hpp"

namespace landing::vitals {
namespace {

namespace json = boost::json;

// Strings from the store came from visitors' browsers: kept valid UTF-8 so the answer parses.
json::string text(std::string_view value) { return json::string(utf8::printable(value)); }

json::value filter(std::string_view value) {
  return value.empty() ? json::value(nullptr) : json::value(text(value));
}

// Percentiles to the beacon's own precision: the histogram's ±2 % makes further digits noise.
json::value percentile(const metric_report& m, double value) {
  if (m.count == 0) return nullptr;
  const double scale = std::pow(10.0, definition(m.name).decimals);
  return std::round(value * scale) / scale;
}

json::object metric_object(const metric_report& m) {
  json::object out;
  out["count"] = m.count;
  out["p75"] = percentile(m, m.p75);
  out["p90"] = percentile(m, m.p90);
  out["p99"] = percentile(m, m.p99);
  out["good"] = m.good;
  out["needs_improvement"] = m.needs_improvement;
  out["poor"] = m.poor;
  return out;
}

json::array targets(const std::vector<storage::vitals_target>& list, bool with_type) {
  json::array out;
  for (const auto& t : list) {
    json::object entry;
    entry["selector"] = text(t.target);
    if (with_type) entry["interaction_type"] = text(t.interaction_type);
    entry["count"] = t.count;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

std::string to_json(const report& r) {
  json::object out;
  out["from"] = format_day(first_day(r.options));
  out["to"] = format_day(r.options.today);
  out["filters"] = json::object{{"route", filter(r.options.route)},
                                {"locale", filter(r.options.locale)},
                                {"device", filter(r.options.device)}};
  out["score"] = r.score ? json::value(*r.score) : json::value(nullptr);
  json::object metrics;
  for (const auto& m : r.metrics) metrics[definition(m.name).name] = metric_object(m);
  out["metrics"] = std::move(metrics);
  out["top_lcp_elements"] = targets(r.top_lcp_elements, false);
  out["top_inp_targets"] = targets(r.top_inp_targets, true);
  return json::serialize(out);
}

}  // namespace landing::vitals
