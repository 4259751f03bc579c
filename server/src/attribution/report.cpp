#include "attribution/report.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cstdio>

#include "attribution/source.hpp"
#include "common/clock.hpp"
#include "common/visible.hpp"

namespace landing::attribution {
namespace {

std::optional<double> median(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

void add_lead(source_row& row, const storage::triage_state& state, std::vector<double>& takes,
              std::int64_t created_at) {
  ++row.leads;
  if (state.taken_at > 0) {
    ++row.taken;
    takes.push_back(static_cast<double>(std::max<std::int64_t>(0, state.taken_at - created_at)) /
                    60000.0);
  }
  if (state.status == "spam") ++row.spam;
  if (state.status == "done") ++row.done;
}

std::string number(std::optional<double> value, const char* format) {
  if (!value) return "-";
  char text[32];
  std::snprintf(text, sizeof text, format, *value);
  return text;
}

boost::json::value json_number(std::optional<double> value) {
  if (!value) return nullptr;
  // One decimal, as the table shows it.
  return std::round(*value * 10) / 10;
}

boost::json::object json_row(const source_row& row) {
  return {{"source", row.source},
          {"visits", row.visits},
          {"leads", row.leads},
          {"conversion_percent", json_number(conversion(row))},
          {"taken_percent", json_number(share(row.taken, row))},
          {"spam_percent", json_number(share(row.spam, row))},
          {"done_percent", json_number(share(row.done, row))},
          {"median_minutes_to_take", json_number(row.median_minutes_to_take)}};
}

}  // namespace

std::int64_t first_day(const report_options& options) {
  return options.today - std::max(options.days, 1) + 1;
}

funnel_period period_of(const report_options& options) {
  return {first_day(options), options.today, options.locale};
}

report build_report(const std::vector<storage::visit_count>& visits,
                    const std::vector<storage::lead>& leads,
                    const std::map<std::string, storage::triage_state>& desk,
                    const report_options& options) {
  const auto from = first_day(options);
  std::map<std::string, source_row> rows;
  std::map<std::string, std::vector<double>> takes;
  std::vector<double> all_takes;
  report out{options, {}, {}};
  out.total.source = "total";
  for (const auto& v : visits) {
    if (v.day < from || v.day > options.today) continue;
    if (!options.locale.empty() && v.locale != options.locale) continue;
    auto& row = rows[v.source];
    row.source = v.source;
    row.visits += v.count;
    out.total.visits += v.count;
  }
  const storage::triage_state fresh;
  std::map<std::string, std::uint64_t> by_landing;
  for (const auto& lead : leads) {
    const auto day = clock::day_utc(lead.created_at);
    if (day < from || day > options.today || lead.status == "spam") continue;
    if (!options.locale.empty() && lead.locale != options.locale) continue;
    const auto source = lead.source_class.empty() ? std::string(unknown_class) : lead.source_class;
    const auto found = desk.find(lead.id);
    const auto& state = found == desk.end() ? fresh : found->second;
    auto& row = rows[source];
    row.source = source;
    add_lead(row, state, takes[source], lead.created_at);
    add_lead(out.total, state, all_takes, lead.created_at);
    const auto first_touch = from_json(lead.source);
    ++by_landing[first_touch && !first_touch->landing.empty() ? first_touch->landing
                                                              : std::string(unknown_class)];
  }
  for (auto& [path, count] : by_landing) out.landings.push_back({path, count});
  std::stable_sort(out.landings.begin(), out.landings.end(),
                   [](const landing_row& a, const landing_row& b) { return a.leads > b.leads; });
  for (auto& [source, row] : rows) {
    row.median_minutes_to_take = median(std::move(takes[source]));
    out.sources.push_back(std::move(row));
  }
  out.total.median_minutes_to_take = median(std::move(all_takes));
  std::stable_sort(out.sources.begin(), out.sources.end(),
                   [](const source_row& a, const source_row& b) {
                     if (a.leads != b.leads) return a.leads > b.leads;
                     return a.visits > b.visits;
                   });
  return out;
}

std::optional<double> conversion(const source_row& row) {
  if (row.visits == 0) return std::nullopt;
  return 100.0 * static_cast<double>(row.leads) / static_cast<double>(row.visits);
}

std::optional<double> share(std::uint64_t count, const source_row& row) {
  if (row.leads == 0) return std::nullopt;
  return 100.0 * static_cast<double>(count) / static_cast<double>(row.leads);
}

std::string to_text(const report& r) {
  std::string out = "Leads by source, " + clock::format_day(first_day(r.options)) + " to " +
                    clock::format_day(r.options.today) +
                    (r.options.locale.empty() ? std::string() : ", locale " + r.options.locale) +
                    "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-40s %8s %6s %6s %7s %6s %6s %10s\n", "source", "visits",
                "leads", "conv%", "taken%", "spam%", "done%", "take(min)");
  out += line;
  const auto row_line = [&](const source_row& row) {
    // A source class is a visitor's tag: shown with its controls and line breaks as escapes.
    std::snprintf(
        line, sizeof line, "%-40s %8llu %6llu %6s %7s %6s %6s %10s\n", visible(row.source).c_str(),
        static_cast<unsigned long long>(row.visits), static_cast<unsigned long long>(row.leads),
        number(conversion(row), "%.1f").c_str(), number(share(row.taken, row), "%.0f").c_str(),
        number(share(row.spam, row), "%.0f").c_str(), number(share(row.done, row), "%.0f").c_str(),
        number(row.median_minutes_to_take, "%.1f").c_str());
    out += line;
  };
  if (r.sources.empty()) out += "(no visits or leads in this period)\n";
  for (const auto& row : r.sources) row_line(row);
  row_line(r.total);
  if (!r.landings.empty()) {
    out += "\nLeads by the page the visit began on\n";
    for (const auto& row : r.landings) {
      std::snprintf(line, sizeof line, "%-60s %6llu\n", visible(row.landing).c_str(),
                    static_cast<unsigned long long>(row.leads));
      out += line;
    }
  }
  return out + funnel_text(r.funnel);
}

std::string to_json(const report& r) {
  boost::json::array sources;
  for (const auto& row : r.sources) sources.push_back(json_row(row));
  boost::json::array landings;
  for (const auto& row : r.landings) {
    landings.push_back(boost::json::object{{"landing", row.landing}, {"leads", row.leads}});
  }
  boost::json::object out{
      {"from", clock::format_day(first_day(r.options))},
      {"to", clock::format_day(r.options.today)},
      {"days", r.options.days},
      {"locale", r.options.locale.empty() ? boost::json::value(nullptr)
                                          : boost::json::value(r.options.locale)},
      {"sources", std::move(sources)},
      {"total", json_row(r.total)},
      {"landings", std::move(landings)},
      {"funnel", boost::json::parse(funnel_json(r.funnel))}};
  return boost::json::serialize(out);
}

}  // namespace landing::attribution
