#include <cstdio>
#include <ostream>
#include <utility>

#include "attribution/source.hpp"
#include "leads/cli.hpp"
#include "leads/cli_columns.hpp"

// leads export --csv: every lead, one row each, safe to open in a spreadsheet.
namespace landing::leads::cli {

namespace {

bool starts_like_a_formula(std::string_view value) {
  // Spreadsheets skip leading spaces before looking for a formula.
  const auto first = value.find_first_not_of(' ');
  if (first == std::string_view::npos) return false;
  value.remove_prefix(first);
  static constexpr std::string_view triggers = "=+-@\t\r";
  if (triggers.find(value.front()) != std::string_view::npos) return true;
  // U+FF1D, U+FF0B, U+FF0D, U+FF20: full-width = + - @, which some spreadsheets read as their
  // ASCII forms.
  for (const std::string_view wide : {"\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"}) {
    if (value.starts_with(wide)) return true;
  }
  return false;
}

}  // namespace

std::string csv_field(std::string_view value) {
  std::string out = "\"";
  if (starts_like_a_formula(value)) out += '\'';
  for (const char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string minutes_to_take(const storage::lead& item, const storage::triage_state& state) {
  if (state.taken_at <= 0) return {};
  const auto minutes = static_cast<double>(state.taken_at - item.created_at) / 60000.0;
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", minutes < 0 ? 0.0 : minutes);
  return text;
}

namespace {

// The source's tags as CSV columns (each behind its comma); empty ones for an unknown source.
std::string source_columns(std::string_view stored) {
  const auto item = attribution::from_json(stored).value_or(attribution::source{});
  std::string out;
  for (const auto* value : {&item.utm_source, &item.utm_medium, &item.utm_campaign, &item.utm_term,
                            &item.utm_content, &item.ref, &item.referrer, &item.landing}) {
    out += ',';
    out += csv_field(*value);
  }
  std::string clicks;
  for (const auto& [present, name] :
       {std::pair{item.gclid, "gclid"}, {item.yclid, "yclid"}, {item.fbclid, "fbclid"}}) {
    if (!present) continue;
    if (!clicks.empty()) clicks += ' ';
    clicks += name;
  }
  return out + ',' + clicks;
}

}  // namespace

int export_csv(storage::lead_store& store, std::ostream& out) {
  const auto known = triage_by_lead(store);
  out << "id,created,status,attempts,name,social,email,message,locale,last_error,delivered,"
         "triage,taken_by,taken_at,done_at,minutes_to_take,source,utm_source,utm_medium,"
         "utm_campaign,utm_term,utm_content,ref,referrer,landing,click_ids,consent,unproven";
  for (const auto channel : channels) {
    out << ',' << channel << "_status," << channel << "_attempts," << channel << "_error";
  }
  out << '\n';
  for (const auto& item : store.list("")) {
    const auto found = known.find(item.id);
    const auto state = found == known.end() ? storage::triage_state{} : found->second;
    const auto triage = triage_status(item, known);
    out << item.id << ',' << iso_time(item.created_at) << ',' << item.status << ','
        << attempts_of(item) << ',' << csv_field(item.fields.name) << ','
        << csv_field(item.fields.social) << ',' << csv_field(item.fields.email) << ','
        << csv_field(item.fields.message) << ',' << csv_field(item.locale) << ','
        << csv_field(errors_of(item)) << ',' << iso_time(item.delivered_at) << ','
        << (triage == "-" ? "" : triage) << ',' << csv_field(state.taken_by.name) << ','
        << (state.taken_at ? iso_time(state.taken_at) : std::string()) << ','
        << (state.done_at ? iso_time(state.done_at) : std::string()) << ','
        << minutes_to_take(item, state) << ',' << csv_field(item.source_class)
        << source_columns(item.source) << ',' << item.consent_version << ','
        << (item.unproven ? "yes" : "");
    for (const auto channel : channels) {
      const auto* row = delivery_to(item, channel);
      if (row == nullptr) {
        out << ",,,";
      } else {
        out << ',' << row->status << ',' << row->attempts << ',' << csv_field(row->last_error);
      }
    }
    out << '\n';
  }
  return 0;
}

}  // namespace landing::leads::cli
