#include "digest/figures.hpp"

#include <algorithm>
#include <map>

#include "common/concat.hpp"
#include "vitals/beacon.hpp"
#include "vitals/report.hpp"

namespace landing::digest {
namespace {

int length_of(const period& p) { return static_cast<int>(p.last_day - p.first_day + 1); }

attribution::report report_for(storage::lead_store& store, const period& p,
                               const std::vector<storage::lead>& leads,
                               const std::map<std::string, storage::triage_state>& desk) {
  const attribution::report_options options{length_of(p), p.last_day, ""};
  auto out = attribution::build_report(store.read_visits(p.first_day, ""), leads, desk, options);
  out.funnel = attribution::build_funnel(store.read_funnel(p.first_day, ""), leads, desk,
                                         attribution::period_of(options));
  return out;
}

std::optional<int> score_of(storage::lead_store& store, const period& p, std::string_view locale) {
  const vitals::report_options options{.days = length_of(p),
                                       .today = p.last_day,
                                       .route = std::string(vitals::routes[0]),
                                       .locale = std::string(locale)};
  return vitals::build_report(store.read_vitals({vitals::first_day(options), options.route,
                                                 options.locale, options.device}),
                              options)
      .score;
}

}  // namespace

figures gather(storage::lead_store& store, const period& covered, std::vector<std::string> alerts) {
  const auto before = covered.before();
  const auto leads = store.list("");
  std::map<std::string, storage::triage_state> desk;
  for (auto& [id, state] : store.triage_states()) desk.emplace(id, std::move(state));

  figures out;
  out.covered = covered;
  out.alerts = std::move(alerts);
  out.report = report_for(store, covered, leads, desk);
  const auto earlier = report_for(store, before, leads, desk);
  out.funnel = out.report.funnel;
  out.desk = out.report.total;

  std::map<std::string, source_leads> sources;
  for (const auto& row : out.report.funnel.sources) {
    if (row.steps[attribution::sent_step] == 0) continue;
    sources[row.source].source = row.source;
    sources[row.source].leads = row.steps[attribution::sent_step];
  }
  for (const auto& row : earlier.funnel.sources) {
    if (row.steps[attribution::sent_step] == 0) continue;
    sources[row.source].source = row.source;
    sources[row.source].leads_before = row.steps[attribution::sent_step];
  }
  for (auto& [_, row] : sources) out.sources.push_back(std::move(row));
  std::stable_sort(out.sources.begin(), out.sources.end(), [](const auto& a, const auto& b) {
    if (a.leads != b.leads) return a.leads > b.leads;
    return a.leads_before > b.leads_before;
  });

  for (const auto locale : vitals::locales) {
    out.pages.push_back(
        {concat("/", locale), score_of(store, covered, locale), score_of(store, before, locale)});
  }
  return out;
}

}  // namespace landing::digest
