#include "leads/writer.hpp"

#include "common/log.hpp"

namespace landing::leads {

lead_writer::lead_writer(const std::string& db_path, bool held, std::function<void()> on_commit)
    : store_(db_path), held_(held), on_commit_(std::move(on_commit)) {
  thread_ = std::thread([this] { run(); });
}

lead_writer::~lead_writer() { stop(); }

void lead_writer::submit(new_lead item, callback done) {
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

void lead_writer::run() {
  std::vector<std::pair<new_lead, callback>> batch;
  std::vector<new_lead> leads;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      batch.swap(queue_);
    }
    leads.clear();
    for (auto& [item, done] : batch) leads.push_back(std::move(item));
    std::vector<std::string> ids;
    try {
      ids = store_.insert_batch(leads, held_);
    } catch (const std::exception& e) {
      log::error("lead_write_failed", {{"reason", e.what()}, {"batch", leads.size()}});
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      batch[i].second(ids.empty() ? std::nullopt : std::optional<std::string>(ids[i]));
    }
    batch.clear();
    if (!ids.empty() && on_commit_) on_commit_();
  }
}

}  // namespace landing::leads
