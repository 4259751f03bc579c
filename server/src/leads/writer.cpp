#include "leads/writer.hpp"

#include <map>
#include <set>
#include <utility>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "spam/repeats.hpp"

namespace landing::leads {

lead_writer::lead_writer(storage::lead_store& store, limiter& limits,
                         std::vector<std::string> channels, std::function<void()> on_commit,
                         storage::turns* turns, limiter* unproven)
    : store_(store),
      limits_(limits),
      unproven_(unproven),
      channels_(std::move(channels)),
      on_commit_(std::move(on_commit)),
      turns_(turns) {
  thread_.start("lead-writer", [this](worker::context& ctx) { run(ctx); });
}

lead_writer::~lead_writer() { stop(); }

void lead_writer::submit(storage::new_lead item, callback done) {
  {
    const std::lock_guard lock(mutex_);
    if (!thread_.stopping()) {
      queue_.emplace_back(std::move(item), std::move(done));
      thread_.notify();
      return;
    }
  }
  done({});
}

void lead_writer::stop() { thread_.stop(); }

// A proof spent before the lead is stored stays spent if the insert then fails: the page asks
// for a fresh challenge and sends again (contract/api-contact.md), which loses nothing; the other
// order would let one proof carry two leads posted at once.
bool lead_writer::spend_proofs(std::vector<storage::new_lead>& leads,
                               std::vector<std::size_t>& positions,
                               const std::function<void(std::size_t, outcome)>& answer) {
  std::vector<storage::spent_proof> proofs;
  std::vector<std::size_t> with_proof;
  for (std::size_t k = 0; k < leads.size(); ++k) {
    if (leads[k].proof_nonce.empty()) continue;
    proofs.push_back({leads[k].proof_nonce, leads[k].proof_expires_at});
    with_proof.push_back(k);
  }
  if (proofs.empty()) return true;
  std::vector<bool> fresh;
  try {
    fresh = store_.spend(proofs, clock::now_ms());
  } catch (const storage::error& e) {
    log::error("proofs_unavailable", {{"database", storage::fault_name(e.problem)},
                                      {"reason", e.what()},
                                      {"batch", positions.size()}});
    for (const auto position : positions) answer(position, {});
    return false;
  }
  std::vector<bool> keep(leads.size(), true);
  for (std::size_t j = 0; j < with_proof.size(); ++j) {
    if (fresh[j]) continue;
    keep[with_proof[j]] = false;
    answer(positions[with_proof[j]], {outcome::proof_reused, {}, 0});
  }
  std::size_t kept = 0;
  for (std::size_t k = 0; k < leads.size(); ++k) {
    if (!keep[k]) continue;
    if (kept != k) {
      leads[kept] = std::move(leads[k]);
      positions[kept] = positions[k];
    }
    ++kept;
  }
  leads.resize(kept);
  positions.resize(kept);
  return true;
}

std::vector<bool> lead_writer::file_repeats(std::vector<storage::new_lead>& leads) {
  std::vector<bool> repeated(leads.size(), false);
  std::vector<std::string> keys;
  for (const auto& item : leads) {
    if (!item.message_key.empty()) keys.push_back(item.message_key);
  }
  if (keys.empty()) return repeated;
  std::map<std::string, std::set<std::string>> senders;
  try {
    // Each sender by its client key, as every per-client limit keys it: the addresses of one
    // IPv6 /64 are one client (leads stored before this rule hold their whole address).
    for (auto& [key, client] : store_.senders_of(keys, clock::now_ms() - spam::repeat_window_ms)) {
      senders[key].insert(key_text(client));
    }
  } catch (const storage::error& e) {
    // A filter, not a gate: the leads are stored as they came, and the chat may see a campaign.
    log::warn("repeats_unchecked", {{"database", storage::fault_name(e.problem)},
                                    {"reason", e.what()},
                                    {"batch", leads.size()}});
    return repeated;
  }
  for (std::size_t k = 0; k < leads.size(); ++k) {
    auto& item = leads[k];
    if (item.message_key.empty()) continue;
    auto& who = senders[item.message_key];
    who.insert(key_text(item.client));
    if (!item.spam && who.size() >= static_cast<std::size_t>(spam::repeat_addresses)) {
      item.spam = true;
      repeated[k] = true;
    }
  }
  return repeated;
}

void lead_writer::commit(std::vector<std::pair<storage::new_lead, callback>>& batch) {
  const auto answer = [&](std::size_t i, outcome result) {
    // Taken out first, so that run() can tell which requests still wait for their answer.
    auto done = std::exchange(batch[i].second, nullptr);
    done(std::move(result));
  };
  std::vector<std::string> clients;
  clients.reserve(batch.size());
  for (const auto& [item, done] : batch) clients.push_back(item.client);
  std::vector<std::int64_t> waits;
  try {
    waits = limits_.take(clients);
    // The forms without a proof of work have a limit of their own on top, in the same store.
    std::vector<std::size_t> forms;
    std::vector<std::string> form_clients;
    for (std::size_t i = 0; unproven_ && i < batch.size(); ++i) {
      if (batch[i].first.unproven && waits[i] == 0) {
        forms.push_back(i);
        form_clients.push_back(clients[i]);
      }
    }
    if (!forms.empty()) {
      const auto form_waits = unproven_->take(form_clients);
      for (std::size_t k = 0; k < forms.size(); ++k) waits[forms[k]] = form_waits[k];
    }
  } catch (const storage::error& e) {
    log::error("rate_limit_unavailable", {{"database", storage::fault_name(e.problem)},
                                          {"reason", e.what()},
                                          {"batch", batch.size()}});
    for (std::size_t i = 0; i < batch.size(); ++i) answer(i, {});
    return;
  }
  std::vector<storage::new_lead> leads;
  std::vector<std::size_t> positions;
  leads.reserve(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (waits[i] > 0) {
      answer(i, {outcome::rate_limited, {}, waits[i]});
      continue;
    }
    leads.push_back(std::move(batch[i].first));
    positions.push_back(i);
  }
  if (leads.empty()) return;
  if (!spend_proofs(leads, positions, answer)) return;
  if (leads.empty()) return;
  const auto repeated = file_repeats(leads);
  std::vector<std::string> ids;
  try {
    const auto insert = [&] { return store_.insert_batch(leads, channels_); };
    ids = turns_ ? turns_->lead(insert) : insert();
  } catch (const storage::error& e) {
    log::error("lead_write_failed", {{"database", storage::fault_name(e.problem)},
                                     {"reason", e.what()},
                                     {"batch", leads.size()}});
  }
  for (std::size_t k = 0; k < positions.size(); ++k) {
    answer(positions[k],
           ids.empty() ? outcome{} : outcome{outcome::stored, ids[k], 0, repeated[k]});
  }
  if (!ids.empty() && on_commit_) on_commit_();
}

void lead_writer::run(worker::context& ctx) {
  std::vector<std::pair<storage::new_lead, callback>> batch;
  for (;;) {
    {
      const std::lock_guard lock(mutex_);
      batch.swap(queue_);
      if (batch.empty() && ctx.stopping()) return;  // drained
    }
    if (batch.empty()) {
      ctx.wait();
      continue;
    }
    // Whatever goes wrong, every request in the batch gets its answer and the thread goes on: a
    // writer that died would leave every later lead waiting for an answer that never comes.
    try {
      commit(batch);
    } catch (const std::exception& e) {
      log::error("lead_writer_error", {{"reason", e.what()}});
      for (auto& entry : batch) {
        if (entry.second) entry.second({});
      }
    }
    batch.clear();
  }
}

}  // namespace landing::leads
