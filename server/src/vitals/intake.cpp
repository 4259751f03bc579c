#include "vitals/intake.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/json/serialize.hpp>

#include "common/log.hpp"

namespace landing::vitals {

http::response busy_response() {
  auto res = http::error_response(503, "busy");
  res.set("Retry-After", "1");
  return res;
}

intake::intake(recorder& sink, counters& stats, std::size_t capacity, arrival_gate may_arrive,
               step_gate may_step)
    : sink_(sink),
      stats_(stats),
      capacity_(capacity),
      may_arrive_(std::move(may_arrive)),
      may_step_(std::move(may_step)) {
  thread_.start("vitals-intake", [this](worker::context& ctx) { run(ctx); });
}

intake::~intake() { stop(); }

void intake::submit(std::string body, std::string client, callback done, kind what) {
  {
    const std::lock_guard lock(mutex_);
    if (!thread_.stopping() && queue_.size() < capacity_) {
      queue_.push_back({std::move(body), std::move(client), std::move(done), what});
      if (queue_.size() == 1) thread_.notify();
      return;
    }
  }
  stats_.dropped();
  done(busy_response());
}

void intake::stop() { thread_.stop(); }

http::response intake::check(const std::string& body, const std::string& client) {
  auto parsed = parse_beacon(body);
  if (!parsed.ok) {
    stats_.rejected(parsed.refused->code);
    return http::json_response(
        400, boost::json::serialize(boost::json::object{{"error", parsed.refused->code},
                                                        {"at", parsed.refused->where}}));
  }
  stats_.observe(*parsed.ok);
  if (!parsed.ok->visit_class.empty() && may_arrive_ && !may_arrive_(client)) {
    parsed.ok->visit_class.clear();
    stats_.arrival_capped();
  }
  if (!sink_.offer(*parsed.ok)) return busy_response();
  http::response res;
  res.status = 204;
  res.set("Cache-Control", "no-store");
  return res;
}

http::response intake::check_funnel(const std::string& body, const std::string& client) {
  auto parsed = parse_funnel(body);
  if (!parsed.ok) {
    stats_.rejected(parsed.refused->code);
    return http::json_response(
        400, boost::json::serialize(boost::json::object{{"error", parsed.refused->code},
                                                        {"at", parsed.refused->where}}));
  }
  return take_funnel(std::move(*parsed.ok), client);
}

http::response intake::take_funnel(funnel_beacon item, const std::string& client) {
  stats_.funnel_accepted();
  if (may_step_ && !item.steps.empty() && !may_step_(client)) {
    for (std::size_t i = 0; i < item.steps.size(); ++i) stats_.step_capped();
    item.steps.clear();
  }
  if (!item.steps.empty() && !sink_.offer(item)) return busy_response();
  http::response res;
  res.status = 204;
  res.set("Cache-Control", "no-store");
  return res;
}

void intake::run(worker::context& ctx) {
  // Linux gives each thread its own nice value (setpriority with the thread's id).
  if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 19) != 0) {
    log::warn("vitals_priority_unchanged", {{"effect", "beacons are checked at normal priority"}});
  }
  std::deque<queued> batch;
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
    for (auto& [body, client, done, what] : batch) {
      try {
        done(what == kind::funnel ? check_funnel(body, client) : check(body, client));
      } catch (const std::exception& e) {
        log::error("vitals_intake_error", {{"reason", e.what()}});
        done(http::error_response(500, "internal"));
      }
    }
    batch.clear();
  }
}

}  // namespace landing::vitals
