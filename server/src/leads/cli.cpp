#include "leads/cli.hpp"

#include <cstdio>
#include <ctime>
#include <map>
#include <ostream>
#include <utility>

#include "attribution/source.hpp"

namespace landing::leads::cli {

std::string iso_time(std::int64_t unix_ms) {
  if (unix_ms <= 0) return "-";
  const std::time_t seconds = unix_ms / 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

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

namespace {

using states = std::map<std::string, storage::triage_state>;

states triage_by_lead(storage::lead_store& store) {
  states out;
  for (auto& [id, state] : store.triage_states()) out.emplace(id, std::move(state));
  return out;
}

// The chat's status of a delivered lead (new when nobody clicked), none for the others.
std::string triage_status(const storage::lead& item, const states& known) {
  if (item.status != "delivered") return "-";
  const auto found = known.find(item.id);
  return found == known.end() ? "new" : found->second.status;
}

bool listed(const storage::lead& item, const std::string& triage, const std::string& status) {
  if (status.empty() || status == item.status) return true;
  return status == triage;  // new, taken, done; spam also when a manager marked it
}

}  // namespace

int list(storage::lead_store& store, const std::string& status, std::ostream& out) {
  const auto known = triage_by_lead(store);
  // The columns of old come first, in their places: scripts read them by position.
  out << "id\tstatus\tcreated\tattempts\tname\temail\tlast_error\ttriage\ttaken_by\n";
  for (const auto& item : store.list("")) {
    const auto triage = triage_status(item, known);
    if (!listed(item, triage, status)) continue;
    const auto found = known.find(item.id);
    const auto taker = found == known.end() || found->second.taken_by.name.empty()
                           ? std::string("-")
                           : found->second.taken_by.name;
    out << item.id << '\t' << item.status << '\t' << iso_time(item.created_at) << '\t'
        << item.attempts << '\t' << item.fields.name << '\t' << item.fields.email << '\t'
        << item.last_error << '\t' << triage << '\t' << taker << '\n';
  }
  return 0;
}

int show(storage::lead_store& store, const std::string& id, std::ostream& out, std::ostream& err) {
  const auto item = store.find(id);
  if (!item) {
    err << "no lead with id " << id << "\n";
    return 1;
  }
  const auto state = store.triage_of(id).value_or(storage::triage_state{});
  out << "id: " << item->id << "\nstatus: " << item->status
      << "\ncreated: " << iso_time(item->created_at) << "\nattempts: " << item->attempts
      << "\nlast_error: " << item->last_error << "\ndelivered: " << iso_time(item->delivered_at)
      << "\ntriage: " << (item->status == "delivered" ? state.status : std::string("-"))
      << "\ntaken_by: " << (state.taken_by.name.empty() ? "-" : state.taken_by.name)
      << "\ntaken_at: " << iso_time(state.taken_at) << "\ndone_at: " << iso_time(state.done_at)
      << "\nlocale: " << item->locale << "\nclient: " << item->client
      << "\nconsent: " << (item->consent_version.empty() ? "-" : item->consent_version)
      << "\nsource: " << (item->source_class.empty() ? "-" : item->source_class)
      << "\nsource_detail: " << (item->source.empty() ? "-" : item->source)
      << "\nname: " << item->fields.name << "\nsocial: " << item->fields.social
      << "\nemail: " << item->fields.email << "\nmessage:\n"
      << item->fields.message << "\nhistory:\n";
  const auto history = store.events_of(id);
  if (history.empty()) out << "  (no clicks yet)\n";
  for (const auto& event : history) {
    out << "  " << iso_time(event.at) << '\t' << event.action << '\t' << event.by.name << " (id "
        << event.by.id << ")\n";
  }
  return 0;
}

int retry(storage::lead_store& store, const std::string& id, std::ostream& out, std::ostream& err) {
  if (!store.retry(id)) {
    err << "no failed, held or pending lead with id " << id << "\n";
    return 1;
  }
  out << "lead " << id << " queued for delivery\n";
  return 0;
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
         "utm_campaign,utm_term,utm_content,ref,referrer,landing,click_ids,consent\n";
  for (const auto& item : store.list("")) {
    const auto found = known.find(item.id);
    const auto state = found == known.end() ? storage::triage_state{} : found->second;
    const auto triage = triage_status(item, known);
    out << item.id << ',' << iso_time(item.created_at) << ',' << item.status << ',' << item.attempts
        << ',' << csv_field(item.fields.name) << ',' << csv_field(item.fields.social) << ','
        << csv_field(item.fields.email) << ',' << csv_field(item.fields.message) << ','
        << csv_field(item.locale) << ',' << csv_field(item.last_error) << ','
        << iso_time(item.delivered_at) << ',' << (triage == "-" ? "" : triage) << ','
        << csv_field(state.taken_by.name) << ','
        << (state.taken_at ? iso_time(state.taken_at) : std::string()) << ','
        << (state.done_at ? iso_time(state.done_at) : std::string()) << ','
        << minutes_to_take(item, state) << ',' << csv_field(item.source_class)
        << source_columns(item.source) << ',' << item.consent_version << '\n';
  }
  return 0;
}

}  // namespace landing::leads::cli
