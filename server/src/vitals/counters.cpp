#include "vitals/counters.hpp"

#include <algorithm>
#include <cstdio>

namespace landing::vitals {
namespace {

template <std::size_t N>
std::size_t index_of(const std::array<std::string_view, N>& values, std::string_view value) {
  const auto found = std::find(values.begin(), values.end(), value);
  return static_cast<std::size_t>(found - values.begin());  // N when unknown
}

std::string family_of(metric m) {
  std::string name(definition(m).name);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](char c) { return static_cast<char>(std::tolower(c)); });
  return "landing_vitals_" + name + (m == metric::cls ? "" : "_seconds");
}

std::string number(double value, int digits = 6) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

std::size_t series_index(std::size_t m, std::size_t route, std::size_t locale, std::size_t device) {
  return ((m * routes.size() + route) * locales.size() + locale) * devices.size() + device;
}

}  // namespace

void counters::observe(const beacon& item) {
  const auto route = index_of(routes, item.route);
  const auto locale = index_of(locales, item.locale);
  const auto device = index_of(devices, item.device);
  // parse_beacon let only these through; a beacon made elsewhere with other labels is not shown.
  if (route == routes.size() || locale == locales.size() || device == devices.size()) return;
  accepted_.fetch_add(1, std::memory_order_relaxed);
  for (const auto& each : item.metrics) {
    const auto m = static_cast<std::size_t>(each.name);
    auto& target = series_[series_index(m, route, locale, device)];
    const bool shift = each.name == metric::cls;
    const double value = shift ? each.value : each.value / 1000.0;
    const std::size_t bounds = shift ? shift_bounds.size() : time_bounds.size();
    for (std::size_t b = 0; b < bounds; ++b) {
      if (value <= (shift ? shift_bounds[b] : time_bounds[b])) {
        target.buckets[b].fetch_add(1, std::memory_order_relaxed);
      }
    }
    target.count.fetch_add(1, std::memory_order_relaxed);
    target.sum_micro.fetch_add(static_cast<std::uint64_t>(value * 1e6), std::memory_order_relaxed);
  }
}

void counters::rejected(std::string_view reason) {
  const auto at = std::min(index_of(reasons, reason), reasons.size() - 1);
  rejected_[at].fetch_add(1, std::memory_order_relaxed);
}

void counters::dropped(std::uint64_t beacons) {
  dropped_.fetch_add(beacons, std::memory_order_relaxed);
}

void counters::arrival_capped() { arrivals_capped_.fetch_add(1, std::memory_order_relaxed); }
void counters::funnel_accepted() { funnel_accepted_.fetch_add(1, std::memory_order_relaxed); }
void counters::step_capped() { steps_capped_.fetch_add(1, std::memory_order_relaxed); }

std::uint64_t counters::rejected_total(std::string_view reason) const {
  const auto at = index_of(reasons, reason);
  return at < reasons.size() ? rejected_[at].load() : 0;
}

std::string counters::render() const {
  std::string out;
  out += "# TYPE landing_vitals_beacons_total counter\n";
  out += "landing_vitals_beacons_total{outcome=\"accepted\"} " + std::to_string(accepted_) + "\n";
  out += "landing_vitals_beacons_total{outcome=\"dropped\"} " + std::to_string(dropped_) + "\n";
  out += "# TYPE landing_vitals_arrivals_capped_total counter\n";
  out += "landing_vitals_arrivals_capped_total " + std::to_string(arrivals_capped_) + "\n";
  out += "# TYPE landing_funnel_beacons_total counter\n";
  out += "landing_funnel_beacons_total " + std::to_string(funnel_accepted_) + "\n";
  out += "# TYPE landing_funnel_steps_capped_total counter\n";
  out += "landing_funnel_steps_capped_total " + std::to_string(steps_capped_) + "\n";
  // The funnel beacon's refusals are counted here too, by the same reasons.
  out += "# TYPE landing_vitals_beacons_rejected_total counter\n";
  for (std::size_t r = 0; r < reasons.size(); ++r) {
    out += "landing_vitals_beacons_rejected_total{reason=\"" + std::string(reasons[r]) + "\"} " +
           std::to_string(rejected_[r]) + "\n";
  }
  // One sample line: name{labels} value.
  const auto sample = [&out](std::string_view name, std::string_view labels,
                             std::string_view value) {
    out.append(name).append("{").append(labels).append("} ").append(value).append("\n");
  };
  for (const auto m : all_metrics) {
    const auto family = family_of(m);
    const bool shift = m == metric::cls;
    out.append("# TYPE ").append(family).append(" histogram\n");
    for (std::size_t r = 0; r < routes.size(); ++r) {
      for (std::size_t l = 0; l < locales.size(); ++l) {
        for (std::size_t d = 0; d < devices.size(); ++d) {
          const auto& source = series_[series_index(static_cast<std::size_t>(m), r, l, d)];
          std::string labels = "route=\"";
          labels.append(routes[r]).append("\",locale=\"").append(locales[l]);
          labels.append("\",device=\"").append(devices[d]).append("\"");
          const std::size_t bounds = shift ? shift_bounds.size() : time_bounds.size();
          for (std::size_t b = 0; b < bounds; ++b) {
            std::string with_bound = labels;
            with_bound.append(",le=\"").append(number(shift ? shift_bounds[b] : time_bounds[b]));
            with_bound.append("\"");
            sample(family + "_bucket", with_bound, std::to_string(source.buckets[b]));
          }
          sample(family + "_bucket", labels + ",le=\"+Inf\"", std::to_string(source.count));
          sample(family + "_sum", labels,
                 number(static_cast<double>(source.sum_micro.load()) / 1e6, 15));
          sample(family + "_count", labels, std::to_string(source.count));
        }
      }
    }
  }
  return out;
}

}  // namespace landing::vitals
