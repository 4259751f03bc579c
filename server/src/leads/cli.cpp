#include "leads/cli.hpp"

#include <array>
#include <cstdio>
#include <ctime>
#include <map>
#include <ostream>
#include <utility>

#include "attribution/source.hpp"
#include "common/clock.hpp"

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

// The channels a lead can go to, in the order list and the CSV show them.
constexpr std::array<std::string_view, 3> channels{"telegram", "webhook", "email"};

using states = std::map<std::string, storage::triage_state>;

states triage_by_lead(storage::lead_store& store) {
  states out;
  for (auto& [id, state] : store.triage_states()) out.emplace(id, std::move(state));
  return out;
}

const storage::channel_delivery* delivery_to(const storage::lead& item, std::string_view channel) {
  for (const auto& row : item.deliveries) {
    if (row.channel == channel) return &row;
  }
  return nullptr;
}

bool in_chat(const storage::lead& item) {
  const auto* row = delivery_to(item, "telegram");
  return row != nullptr && row->status == "delivered";
}

// Every channel's attempts, the old column's meaning when Telegram was the only one.
std::int64_t attempts_of(const storage::lead& item) {
  std::int64_t out = 0;
  for (const auto& row : item.deliveries) out += row.attempts;
  return out;
}

// The last errors of the channels that have one, each behind its channel's name.
std::string errors_of(const storage::lead& item) {
  std::string out;
  for (const auto& row : item.deliveries) {
    if (row.last_error.empty()) continue;
    if (!out.empty()) out += "; ";
    out += row.channel + ": " + row.last_error;
  }
  return out;
}

// The chat's status of a lead in the chat (new when nobody clicked), none for the others.
std::string triage_status(const storage::lead& item, const states& known) {
  if (!in_chat(item)) return "-";
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
  out << "id\tstatus\tcreated\tattempts\tname\temail\tlast_error\ttriage\ttaken_by";
  for (const auto channel : channels) out << '\t' << channel;
  out << '\n';
  for (const auto& item : store.list("")) {
    const auto triage = triage_status(item, known);
    if (!listed(item, triage, status)) continue;
    const auto found = known.find(item.id);
    const auto taker = found == known.end() || found->second.taken_by.name.empty()
                           ? std::string("-")
                           : found->second.taken_by.name;
    out << item.id << '\t' << item.status << '\t' << iso_time(item.created_at) << '\t'
        << attempts_of(item) << '\t' << item.fields.name << '\t' << item.fields.email << '\t'
        << errors_of(item) << '\t' << triage << '\t' << taker;
    // Each channel as state/attempts, "-" where the lead has no row (spam, held, a channel
    // configured after it came).
    for (const auto channel : channels) {
      const auto* row = delivery_to(item, channel);
      out << '\t' << (row ? row->status + '/' + std::to_string(row->attempts) : std::string("-"));
    }
    out << '\n';
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
      << "\ncreated: " << iso_time(item->created_at) << "\nattempts: " << attempts_of(*item)
      << "\nlast_error: " << errors_of(*item) << "\ndelivered: " << iso_time(item->delivered_at)
      << "\ntriage: " << (in_chat(*item) ? state.status : std::string("-"))
      << "\ntaken_by: " << (state.taken_by.name.empty() ? "-" : state.taken_by.name)
      << "\ntaken_at: " << iso_time(state.taken_at) << "\ndone_at: " << iso_time(state.done_at)
      << "\nlocale: " << item->locale << "\nclient: " << item->client
      << "\nconsent: " << (item->consent_version.empty() ? "-" : item->consent_version)
      << "\nsource: " << (item->source_class.empty() ? "-" : item->source_class)
      << "\nsource_detail: " << (item->source.empty() ? "-" : item->source)
      << "\nname: " << item->fields.name << "\nsocial: " << item->fields.social
      << "\nemail: " << item->fields.email << "\nmessage:\n"
      << item->fields.message << "\ndeliveries:\n";
  if (item->deliveries.empty()) out << "  (none: " << item->status << ")\n";
  for (const auto& row : item->deliveries) {
    out << "  " << row.channel << '\t' << row.status << '\t' << row.attempts << " attempts";
    if (row.status == "delivered") out << "\tdelivered " << iso_time(row.delivered_at);
    if (row.status == "pending") out << "\tnext " << iso_time(row.next_attempt_at);
    if (!row.last_error.empty()) out << "\tlast error: " << row.last_error;
    out << '\n';
  }
  out << "attempts:\n";
  const auto attempts = store.attempts_of(id);
  if (attempts.empty()) out << "  (none yet)\n";
  for (const auto& each : attempts) {
    out << "  " << iso_time(each.attempt.at) << '\t' << each.channel << '\t' << each.attempt.result
        << '\t' << each.attempt.latency_ms << " ms\n";
  }
  out << "history:\n";
  const auto history = store.events_of(id);
  if (history.empty()) out << "  (no clicks yet)\n";
  for (const auto& event : history) {
    out << "  " << iso_time(event.at) << '\t' << event.action << '\t' << event.by.name << " (id "
        << event.by.id << ")\n";
  }
  return 0;
}

int retry(storage::lead_store& store, const std::string& id, const std::string& channel,
          std::ostream& out, std::ostream& err) {
  if (id.empty()) {
    // The whole channel, after its receiver turned it off: on again, with the leads it held.
    const auto was = store.channel_disabled(channel);
    const auto count = store.enable_channel(channel);
    out << "channel " << channel << (was ? " enabled again (it was off: " + *was + ")" : " is on")
        << "; " << count << " leads queued for it\n";
    return 0;
  }
  if (!store.retry(id, channel)) {
    if (const auto item = store.find(id); item && item->status == "held") {
      err << "lead " << id
          << " is held: it goes to every channel configured at the server's next start\n";
      return 1;
    }
    err << "lead " << id << " has no failed or disabled delivery"
        << (channel.empty() ? "" : " to " + channel) << " (is the id right? `leads show " << id
        << "` tells)\n";
    return 1;
  }
  out << "lead " << id << " queued for delivery" << (channel.empty() ? "" : " to " + channel)
      << "\n";
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
         "utm_campaign,utm_term,utm_content,ref,referrer,landing,click_ids,consent";
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
        << source_columns(item.source) << ',' << item.consent_version;
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

namespace landing::leads::cli {

int redeliver(storage::lead_store& store, const std::string& channel, const std::string& id,
              const std::string& since, std::ostream& out, std::ostream& err) {
  std::vector<std::string> ids;
  if (!id.empty()) {
    if (!store.find(id)) {
      err << "no lead with id " << id << "\n";
      return 1;
    }
    ids.push_back(id);
  } else {
    const auto start = clock::parse_day(since);
    if (!start) {
      err << "--since takes a day as YYYY-MM-DD (UTC), not '" << since << "'\n";
      return 2;
    }
    for (const auto& item : store.list("")) {
      if (item.created_at >= *start) ids.push_back(item.id);
    }
  }
  const auto count = store.redeliver(channel, ids);
  out << count << " of " << ids.size() << " leads queued for " << channel << " again";
  if (count < static_cast<std::int64_t>(ids.size())) {
    out << " (the rest never had a " << channel
        << " delivery: spam, held, or before the channel was configured)";
  }
  out << "\n";
  return 0;
}

}  // namespace landing::leads::cli
