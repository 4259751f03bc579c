#include "leads/writer.hpp"

#include <utility>

#include "common/log.hpp"

namespace landing::leads {

lead_writer::lead_writer(storage::lead_store& store, bool held, std::function<void()> on_commit)
    : store_(store), held_(held), on_commit_(std::move(on_commit)) {
  thread_ = std::thread([this] { run(); });
}

lead_writer::~lead_writer() { stop(); }

void lead_writer::submit(storage::new_lead item, callback done) {
  {
    const std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.emplace_back(std::move(item), std::move(done));
      wake_.notify_one();
      return;
    }
  }
  done(std::nullopt);
}

void lead_writer::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void lead_writer::commit(std::vector<std::pair<storage::new_lead, callback>>& batch) {
  std::vector<storage::new_lead> leads;
  leads.reserve(batch.size());
  for (auto& [item, done] : batch) leads.push_back(std::move(item));
  std::vector<std::string> ids;
  try {
    ids = store_.insert_batch(leads, held_);
  } catch (const storage::error& e) {
    log::error("lead_write_failed", {{"database", storage::fault_name(e.problem)},
                                     {"reason", e.what()},
                                     {"batch", leads.size()}});
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    // Taken out first, so that run() can tell which requests still wait for their answer.
    auto done = std::exchange(batch[i].second, nullptr);
    done(ids.empty() ? std::nullopt : std::optional<std::string>(ids[i]));
  }
  if (!ids.empty() && on_commit_) on_commit_();
}

void lead_writer::run() {
  std::vector<std::pair<storage::new_lead, callback>> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      batch.swap(queue_);
    }
    // Whatever goes wrong, every request in the batch gets its answer and the thread goes on: a
    // writer that died would leave every later lead waiting for an answer that never comes.
    try {
      commit(batch);
    } catch (const std::exception& e) {
      log::error("lead_writer_error", {{"reason", e.what()}});
      for (auto& entry : batch) {
        if (entry.second) entry.second(std::nullopt);
      }
    }
    batch.clear();
  }
}

}  // namespace landing::leads
