#include "privacy/cli.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <ostream>
#include <sstream>

#include "common/clock.hpp"
#include "leads/cli.hpp"
#include "privacy/reason.hpp"

namespace landing::privacy::cli {
namespace {

using leads::cli::iso_time;

// The subject's leads; an empty list when there is none.
std::vector<std::string> leads_of(storage::lead_store& store, const subject& who) {
  if (!who.id.empty()) {
    return store.find(who.id) ? std::vector<std::string>{who.id} : std::vector<std::string>{};
  }
  return store.leads_of(who.email);
}

std::string describe(const subject& who) {
  return who.id.empty() ? "e-mail " + who.email : "id " + who.id;
}

boost::json::value time_or_null(std::int64_t unix_ms) {
  if (unix_ms <= 0) return nullptr;
  return boost::json::value(iso_time(unix_ms));
}

boost::json::object actor_json(const storage::actor& who) {
  return {{"id", who.id}, {"name", who.name}};
}

boost::json::object lead_json(storage::lead_store& store, const storage::lead& item) {
  boost::json::value source = nullptr;
  if (!item.source.empty()) {
    boost::system::error_code ec;
    source = boost::json::parse(item.source, ec);
    if (ec) source = item.source;
  }
  boost::json::value consent = nullptr;
  if (!item.consent_version.empty()) {
    consent = boost::json::object{{"version", item.consent_version},
                                  {"locale", item.locale},
                                  {"given_at", iso_time(item.created_at)},
                                  {"client", item.client}};
  }
  boost::json::object triage;
  if (const auto state = store.triage_of(item.id)) {
    triage = {{"status", state->status},
              {"taken_by", state->taken_by.name.empty()
                               ? boost::json::value(nullptr)
                               : boost::json::value(actor_json(state->taken_by))},
              {"taken_at", time_or_null(state->taken_at)},
              {"done_at", time_or_null(state->done_at)}};
  }
  // Where the lead went, channel by channel (a data subject may ask who received it).
  boost::json::array channels;
  for (const auto& row : item.deliveries) {
    channels.push_back({{"channel", row.channel},
                        {"status", row.status},
                        {"attempts", row.attempts},
                        {"last_error", row.last_error.empty() ? boost::json::value(nullptr)
                                                              : boost::json::value(row.last_error)},
                        {"delivered_at", time_or_null(row.delivered_at)}});
  }
  boost::json::array history;
  for (const auto& event : store.events_of(item.id)) {
    history.push_back(
        {{"action", event.action}, {"by", actor_json(event.by)}, {"at", iso_time(event.at)}});
  }
  return {{"id", item.id},
          {"created_at", iso_time(item.created_at)},
          {"locale", item.locale},
          {"client", item.client},
          {"name", item.fields.name},
          {"social", item.fields.social},
          {"email", item.fields.email},
          {"message", item.fields.message},
          // What the repeats rule keeps of the message (spam/repeats.hpp): a keyed hash of its
          // words, erased with the lead.
          {"message_key", item.message_key.empty() ? boost::json::value(nullptr)
                                                   : boost::json::value(item.message_key)},
          {"source", std::move(source)},
          {"consent", std::move(consent)},
          {"delivery",
           {{"status", item.status},
            {"delivered_at", time_or_null(item.delivered_at)},
            {"channels", std::move(channels)}}},
          {"triage", triage.empty() ? boost::json::value(nullptr) : boost::json::value(triage)},
          {"history", std::move(history)}};
}

boost::json::object erasure_json(const storage::erasure& record) {
  return {{"lead_id", record.lead_id},
          {"created_at", iso_time(record.created_at)},
          {"erased_at", iso_time(record.erased_at)},
          {"reason", record.reason},
          {"note", record.note},
          {"removed", record.removed},
          {"delivery", record.delivery},
          {"chat", record.chat},
          {"crm", record.crm}};
}

enum class scrubbed { nothing_pending, now, not_yet };

// Removes erased leads' bytes from the database's files; not_yet, with the reason on `err`, when
// something holds them for now.
scrubbed scrub(storage::lead_store& store, std::ostream& err) {
  try {
    return store.scrub_erased() ? scrubbed::now : scrubbed::nothing_pending;
  } catch (const storage::error& e) {
    // The rows are gone, but their bytes are not yet out of the database's files. The note stays
    // in the store: the server's hourly retention pass finishes it.
    err << "landing-server: leads erase: the leads are erased, but their bytes are still in the "
           "database's files: "
        << e.what()
        << ". The running server removes them within the hour; run this command again to "
           "remove them now.\n";
    return scrubbed::not_yet;
  }
}

}  // namespace

int export_subject(storage::lead_store& store, const subject& who, std::ostream& out,
                   std::ostream& err) {
  const auto ids = leads_of(store, who);
  if (ids.empty()) {
    err << "landing-server: leads export: no lead with " << describe(who) << "\n";
    return 1;
  }
  boost::json::array items;
  for (const auto& id : ids) {
    if (const auto item = store.find(id)) items.push_back(lead_json(store, *item));
  }
  boost::json::object subject_json;
  if (!who.id.empty()) subject_json["id"] = who.id;
  if (!who.email.empty()) subject_json["email"] = who.email;
  out << boost::json::serialize(boost::json::object{{"subject", std::move(subject_json)},
                                                    {"exported_at", iso_time(clock::now_ms())},
                                                    {"leads", std::move(items)}})
      << "\n";
  return 0;
}

int erase_subject(storage::lead_store& store, const subject& who, const std::string& note,
                  std::ostream& out, std::ostream& err) {
  const auto ids = leads_of(store, who);
  if (ids.empty()) {
    // Run again after exit 3: the leads are gone, and their bytes go now if nothing holds them.
    if (scrub(store, err) == scrubbed::now) {
      out << "the bytes of earlier erasures are gone from the database's files now\n";
    }
    err << "landing-server: leads erase: no lead with " << describe(who) << "\n";
    return 1;
  }
  // The record must hold no personal data: a reason that names the subject would put it back.
  for (const auto& id : ids) {
    const auto item = store.find(id);
    if (!item) continue;
    if (const auto detail = repeated_detail(note, item->fields)) {
      err << "landing-server: leads erase: --reason repeats the subject's own details (their "
          << *detail
          << "); the erasure record keeps no personal data, so say why without them (e.g. a "
             "ticket number)\n";
      return 2;
    }
  }
  const auto records = store.erase(ids, "request", note, clock::now_ms());
  for (const auto& record : records) {
    out << "erased " << record.lead_id << " (created " << iso_time(record.created_at)
        << "): " << record.removed << "; delivery " << record.delivery << "; chat copy "
        << record.chat << (record.crm.empty() ? "" : "; CRM copies " + record.crm) << "\n";
  }
  out << records.size() << (records.size() == 1 ? " lead" : " leads")
      << " erased; the records: landing-server leads erasures\n";
  if (scrub(store, err) == scrubbed::not_yet) return 3;
  return 0;
}

int list_erasures(storage::lead_store& store, const std::string& since, bool json,
                  std::ostream& out, std::ostream& err) {
  std::int64_t from = 0;
  if (!since.empty()) {
    const auto start = clock::parse_day(since);
    if (!start) {
      err << "landing-server: leads erasures: --since takes a day as YYYY-MM-DD, not '" << since
          << "'\n";
      return 2;
    }
    from = *start;
  }
  const auto records = store.erasures(from);
  if (json) {
    boost::json::array items;
    for (const auto& record : records) items.push_back(erasure_json(record));
    out << boost::json::serialize(boost::json::object{{"erasures", std::move(items)}}) << "\n";
    return 0;
  }
  if (records.empty()) out << "(no erasures)\n";
  for (const auto& record : records) {
    out << record.lead_id << '\t' << iso_time(record.created_at) << '\t'
        << iso_time(record.erased_at) << '\t' << record.reason << '\t' << record.removed << '\t'
        << record.delivery << '\t' << record.chat << '\t'
        << (record.crm.empty() ? "none" : record.crm)
        << (record.note.empty() ? "" : "\t" + record.note) << '\n';
  }
  return 0;
}

}  // namespace landing::privacy::cli
