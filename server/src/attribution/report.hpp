#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "attribution/funnel_report.hpp"
#include "attribution/source.hpp"
#include "storage/lead.hpp"
#include "storage/triage.hpp"
#include "storage/visits.hpp"

// `leads report`: per source class, how many visitors arrived, how many of them sent a lead, and
// what the lead desk made of those leads. Built from counts and the leads table alone.
namespace landing::attribution {

struct report_options {
  int days = 30;           // the last N days, today included
  std::int64_t today = 0;  // UTC day number
  std::string locale;      // empty: any
};

struct source_row {
  std::string source;
  std::uint64_t visits = 0;
  std::uint64_t leads = 0;
  std::uint64_t taken = 0;  // a manager took it (done later or not)
  std::uint64_t spam = 0;   // marked spam on the desk
  std::uint64_t done = 0;
  std::optional<double> median_minutes_to_take{};
};

// The page a visit began on (the first touch's landing path: /en, or a docs page such as
// /en/docs/services/web3), and the leads that visits begun there sent.
struct landing_row {
  std::string landing;  // "unknown" for leads without a source
  std::uint64_t leads = 0;
};

struct report {
  report_options options;
  std::vector<source_row> sources;  // most leads first, then most visits, then by name
  source_row total;
  std::vector<landing_row> landings{};  // most leads first, then by path
  attribution::funnel funnel{};         // build_funnel's, for the same days and locale
};

std::int64_t first_day(const report_options& options);
// The days and locale of the report, for build_funnel.
funnel_period period_of(const report_options& options);

// Leads are those created in the period (UTC days), in the locale asked; a bot's honeypot lead
// (status spam) is not a lead. Their desk state comes from `desk` (lead id -> state).
report build_report(const std::vector<storage::visit_count>& visits,
                    const std::vector<storage::lead>& leads,
                    const std::map<std::string, storage::triage_state>& desk,
                    const report_options& options);

// Leads per 100 visits; none without visits.
std::optional<double> conversion(const source_row& row);
// count as a percentage of the row's leads; none without leads.
std::optional<double> share(std::uint64_t count, const source_row& row);

std::string to_text(const report& r);
std::string to_json(const report& r);

}  // namespace landing::attribution
