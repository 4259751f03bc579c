#include "leads/cli.hpp"

#include <ctime>
#include <ostream>

#include "leads/cli_columns.hpp"

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
      << "\nproof: "
      << (item->unproven ? "none (a form posted without JavaScript)" : "proof of work")
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

}  // namespace landing::leads::cli
