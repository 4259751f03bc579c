#include "leads/cli.hpp"

#include <ctime>
#include <ostream>

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

int list(storage::lead_store& store, const std::string& status, std::ostream& out) {
  out << "id\tstatus\tcreated\tattempts\tname\temail\tlast_error\n";
  for (const auto& item : store.list(status)) {
    out << item.id << '\t' << item.status << '\t' << iso_time(item.created_at) << '\t'
        << item.attempts << '\t' << item.fields.name << '\t' << item.fields.email << '\t'
        << item.last_error << '\n';
  }
  return 0;
}

int show(storage::lead_store& store, const std::string& id, std::ostream& out, std::ostream& err) {
  const auto item = store.find(id);
  if (!item) {
    err << "no lead with id " << id << "\n";
    return 1;
  }
  out << "id: " << item->id << "\nstatus: " << item->status
      << "\ncreated: " << iso_time(item->created_at) << "\nattempts: " << item->attempts
      << "\nlast_error: " << item->last_error << "\ndelivered: " << iso_time(item->delivered_at)
      << "\nlocale: " << item->locale << "\nclient: " << item->client
      << "\nname: " << item->fields.name << "\nsocial: " << item->fields.social
      << "\nemail: " << item->fields.email << "\nmessage:\n"
      << item->fields.message << "\n";
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

int export_csv(storage::lead_store& store, std::ostream& out) {
  out << "id,created,status,attempts,name,social,email,message,locale,last_error,delivered\n";
  for (const auto& item : store.list("")) {
    out << item.id << ',' << iso_time(item.created_at) << ',' << item.status << ',' << item.attempts
        << ',' << csv_field(item.fields.name) << ',' << csv_field(item.fields.social) << ','
        << csv_field(item.fields.email) << ',' << csv_field(item.fields.message) << ','
        << csv_field(item.locale) << ',' << csv_field(item.last_error) << ','
        << iso_time(item.delivered_at) << '\n';
  }
  return 0;
}

}  // namespace landing::leads::cli
