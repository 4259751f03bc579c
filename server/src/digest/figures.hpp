#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attribution/funnel_report.hpp"
#include "attribution/report.hpp"
#include "digest/schedule.hpp"
#include "storage/store.hpp"

// What a digest says, read from the store for one period and the one before it: aggregates and
// counts only, never a visitor or a lead's words.
namespace landing::digest {

struct source_leads {
  std::string source;
  std::uint64_t leads = 0;         // this period, spam on the desk left out (the funnel's sent)
  std::uint64_t leads_before = 0;  // the period before
};

// The landing page's Real Experience Score per locale (the only page that sends Web Vitals).
struct page_score {
  std::string page;  // "/en", "/ru"
  std::optional<int> score;
  std::optional<int> score_before;
};

struct figures {
  period covered;
  std::vector<source_leads> sources;  // most leads first, then most before, then by name
  attribution::funnel funnel;         // this period
  attribution::source_row desk;       // the period's leads on the desk: taken, spam, done, median
  std::vector<page_score> pages;
  // What needs an operator, one line each, as app/ found it (a channel failing or disabled,
  // the store refusing leads, disk space low); empty when all is well.
  std::vector<std::string> alerts;
  // The leads report of the period, the document that goes with the digest.
  attribution::report report;
};

figures gather(storage::lead_store& store, const period& covered, std::vector<std::string> alerts);

}  // namespace landing::digest
