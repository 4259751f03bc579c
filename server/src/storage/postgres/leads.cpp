#include "storage/postgres/leads.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/postgres/arrays.hpp"
#include "storage/postgres/commit_outcome.hpp"
#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/outbox_rows.hpp"

namespace landing::storage::postgres {

std::vector<std::string> lead_table::insert_batch(const std::vector<new_lead>& leads,
                                                  const std::vector<std::string>& channels) {
  if (leads.empty()) return {};
  const bool held = channels.empty();
  // Made before the transaction, so they can be asked after for when its outcome is not known.
  const auto created = clock::now_ms();
  std::vector<std::string> ids;
  ids.reserve(leads.size());
  for (std::size_t i = 0; i < leads.size(); ++i) ids.push_back(db_.make_id(created));
  commit_state state;
  try {
    insert_rows(leads, channels, ids, created, held, state);
  } catch (const storage::error& e) {
    // The connection died during COMMIT (the primary's death, a failover, a cut link): the leads
    // may or may not be stored, or be stored yet. Asked once a primary answers, before anyone is
    // told 202 (commit_outcome.hpp).
    if (!state.committing || e.problem != fault::unavailable) throw;
    confirm_commit(db_, ids, state.xid, e.what());
    return ids;
  }
  // Committed here, with a warning: the wait for the synchronous standby was cancelled, so only
  // this primary may have them.
  if (!state.warnings.empty()) {
    log::warn("lead_commit_warned",
              {{"leads", ids.size()}, {"first", ids.front()}, {"warning", state.warnings.front()}});
    confirm_replicated(db_, ids);
  }
  return ids;
}

std::vector<std::string> lead_table::insert_rows(const std::vector<new_lead>& leads,
                                                 const std::vector<std::string>& channels,
                                                 const std::vector<std::string>& ids,
                                                 std::int64_t created, bool held,
                                                 commit_state& state) {
  return db_.run(true, [&](connection& conn) {
    std::vector<std::string> names, socials, emails, messages, locales, clients, statuses, queued;
    std::vector<std::string> sources, source_classes, consents, unproven, keys;
    for (std::size_t i = 0; i < leads.size(); ++i) {
      const auto& item = leads[i];
      names.push_back(item.fields.name);
      socials.push_back(item.fields.social);
      emails.push_back(item.fields.email);
      messages.push_back(item.fields.message);
      locales.push_back(item.locale);
      clients.push_back(item.client);
      sources.push_back(item.source);
      source_classes.push_back(item.source_class);
      consents.push_back(item.consent_version);
      unproven.emplace_back(item.unproven ? "1" : "0");
      keys.push_back(item.message_key);
      statuses.emplace_back(item.spam ? "spam" : held ? "held" : "pending");
      // Spam is kept for the record but never enters the outbox.
      if (!item.spam) queued.push_back(ids[i]);
    }
    transaction txn(conn);
    // One statement for the whole batch: a round trip per batch, not per lead. It also names the
    // transaction's id, which tells its outcome should the COMMIT's answer be lost.
    state.xid =
        conn.exec(
                "WITH inserted AS (INSERT INTO leads (id, created_at, name, social, email, "
                "message, "
                "locale, client, status, "
                "source, source_class, consent_version, unproven, message_key) SELECT id, "
                "$2::bigint, "
                "name, social, email, message, locale, client, status, source, source_class, "
                "consent_version, unproven, message_key FROM unnest($1::text[], $3::text[], "
                "$4::text[], "
                "$5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], "
                "$11::text[], "
                "$12::text[], $13::integer[], $14::text[]) AS t(id, name, social, email, message, "
                "locale, client, status, source, source_class, consent_version, unproven, "
                "message_key)) "
                "SELECT txid_current()",
                {text_array(ids), str(created), text_array(names), text_array(socials),
                 text_array(emails), text_array(messages), text_array(locales), text_array(clients),
                 text_array(statuses), text_array(sources), text_array(source_classes),
                 text_array(consents), text_array(unproven), text_array(keys)})
            .text(0, 0);
    if (!queued.empty() && !held) {
      conn.exec(
          "INSERT INTO deliveries (lead_id, channel, status, next_attempt_at) SELECT q, c, "
          "'pending', $3::bigint FROM unnest($1::text[]) AS q, unnest($2::text[]) AS c",
          {text_array(queued), text_array(channels), str(created)});
      // Wakes every replica's outbox at once, instead of at its next poll.
      conn.exec(std::string("NOTIFY ") + new_leads_channel);
    }
    conn.take_warnings();
    state.committing = true;
    txn.commit();
    state.warnings = conn.take_warnings();
    return ids;
  });
}

std::int64_t lead_table::release_held(const std::vector<std::string>& channels) {
  if (channels.empty()) return 0;
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "INSERT INTO deliveries (lead_id, channel, status, next_attempt_at) SELECT l.id, c, "
        "'pending', $2::bigint FROM leads l, unnest($1::text[]) AS c WHERE l.status = 'held' ON "
        "CONFLICT DO NOTHING",
        {text_array(channels), str(clock::now_ms())});
    const auto rows = conn.exec(
        "WITH released AS (UPDATE leads SET status = 'pending' WHERE status = 'held' RETURNING 1) "
        "SELECT count(*) FROM released");
    txn.commit();
    return rows.integer(0, 0);
  });
}

std::optional<lead> lead_table::find(const std::string& id) {
  return db_.run(false, [&](connection& conn) -> std::optional<lead> {
    const auto rows = conn.exec(with_columns("SELECT ", " FROM leads l WHERE l.id = $1"), {id});
    if (rows.rows() == 0) return std::nullopt;
    auto out = read_lead(rows, 0);
    out.deliveries = deliveries_of(conn, id);
    return out;
  });
}

std::vector<std::pair<std::string, std::string>> lead_table::senders_of(
    const std::vector<std::string>& keys, std::int64_t since_ms) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT DISTINCT message_key, client FROM leads WHERE message_key = ANY($1::text[]) AND "
        "message_key <> '' AND created_at >= $2::bigint",
        {text_array(keys), str(since_ms)});
    std::vector<std::pair<std::string, std::string>> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int row = 0; row < rows.rows(); ++row)
      out.emplace_back(rows.text(row, 0), rows.text(row, 1));
    return out;
  });
}

std::vector<lead> lead_table::list(const std::string& status) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ", " FROM leads l WHERE $1 = '' OR l.status = $1 ORDER BY l.id"),
        {status});
    std::vector<lead> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) out.push_back(read_lead(rows, i));
    attach_deliveries(conn, out);
    return out;
  });
}

}  // namespace landing::storage::postgres
