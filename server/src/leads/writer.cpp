#include "leads/writer.hpp"

#include <utility>

#include "common/log.hpp"

namespace landing::leads {

lead_writer::lead_writer(storage::lead_store& store, limiter& limits,
                         std::vector<std::string> channels, std::function<void()> on_commit,
                         storage::turns* turns)
    : store_(store),
      limits_(limits),
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
    answer(positions[k], ids.empty() ? outcome{} : outcome{outcome::stored, ids[k], 0});
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
