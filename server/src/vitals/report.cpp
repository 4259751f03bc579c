#include "vitals/report.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <map>

#include "common/clock.hpp"
#include "vitals/aggregate.hpp"
#include "vitals/histogram.hpp"
#include "vitals/scales.hpp"
#include "vitals/score.hpp"

namespace landing::vitals {
namespace {

struct accumulated {
  explicit accumulated(metric m) : all(scale_of(m)) {}

  histogram all;
  std::map<std::int64_t, histogram> by_day;
  std::uint64_t good = 0;
  std::uint64_t needs_improvement = 0;
  std::uint64_t poor = 0;
};

// (target, interaction type) → how often it was the one.
using target_counts = std::map<std::pair<std::string, std::string>, std::uint64_t>;

void count_targets(const storage::vitals_aggregate& row, target_counts& into) {
  for (const auto& t : row.targets) {
    // The empty target counts the ones past the store's bounded list: not one element.
    if (t.target.empty()) continue;
    into[{t.target, t.interaction_type}] += t.count;
  }
}

std::vector<storage::vitals_target> most_frequent(const target_counts& counts) {
  std::vector<storage::vitals_target> list;
  list.reserve(counts.size());
  for (const auto& [key, count] : counts) list.push_back({key.first, key.second, count});
  // The map's order (target, then type) breaks ties, so the same rows give the same report.
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.count > b.count; });
  if (list.size() > top_targets_shown) list.resize(top_targets_shown);
  return list;
}

double share(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0 : static_cast<double>(part) / static_cast<double>(whole);
}

metric_report summarize(metric m, const accumulated& a) {
  metric_report out;
  out.name = m;
  out.count = a.all.count();
  if (out.count > 0) {
    out.p75 = a.all.quantile(0.75);
    out.p90 = a.all.quantile(0.90);
    out.p99 = a.all.quantile(0.99);
  }
  const auto rated = a.good + a.needs_improvement + a.poor;
  out.good = share(a.good, rated);
  out.needs_improvement = share(a.needs_improvement, rated);
  out.poor = share(a.poor, rated);
  for (const auto& [day, h] : a.by_day) {
    if (h.count() > 0) out.daily_p75.emplace_back(day, h.quantile(0.75));
  }
  return out;
}

std::optional<double> p75_of(const report& r, metric m) {
  const auto& mr = r.metrics[static_cast<std::size_t>(m)];
  return mr.count > 0 ? std::optional(mr.p75) : std::nullopt;
}

}  // namespace

report build_report(const std::vector<storage::vitals_aggregate>& rows,
                    const report_options& options) {
  std::vector<accumulated> by_metric;
  by_metric.reserve(all_metrics.size());
  for (auto m : all_metrics) by_metric.emplace_back(m);
  target_counts lcp_elements;
  target_counts inp_targets;

  for (const auto& row : rows) {
    const auto m = metric_named(row.key.metric);
    if (!m) continue;  // written by a newer build that knows more metrics
    auto& a = by_metric[static_cast<std::size_t>(*m)];
    const auto h = histogram_of(*m, row);
    a.all.merge(h);
    a.by_day.try_emplace(row.key.day, scale_of(*m)).first->second.merge(h);
    a.good += row.good;
    a.needs_improvement += row.needs_improvement;
    a.poor += row.poor;
    if (*m == metric::lcp) count_targets(row, lcp_elements);
    if (*m == metric::inp) count_targets(row, inp_targets);
  }

  report out;
  out.options = options;
  out.metrics.reserve(all_metrics.size());
  for (auto m : all_metrics) {
    out.metrics.push_back(summarize(m, by_metric[static_cast<std::size_t>(m)]));
  }
  out.score = real_experience_score({.lcp_ms = p75_of(out, metric::lcp),
                                     .inp_ms = p75_of(out, metric::inp),
                                     .cls = p75_of(out, metric::cls),
                                     .fcp_ms = p75_of(out, metric::fcp)});
  out.top_lcp_elements = most_frequent(lcp_elements);
  out.top_inp_targets = most_frequent(inp_targets);
  return out;
}

std::int64_t first_day(const report_options& options) {
  return options.today - std::max(options.days, 1) + 1;
}

}  // namespace landing::vitals
