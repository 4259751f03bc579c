#pragma once

#include <functional>

#include "app/health.hpp"
#include "app/hosts.hpp"
#include "app/request_metrics.hpp"
#include "delivery/metrics.hpp"
#include "http/handler.hpp"
#include "leads/challenge_endpoint.hpp"
#include "leads/contact_endpoint.hpp"
#include "site/site.hpp"
#include "telegram/webhook.hpp"
#include "vitals/counters.hpp"
#include "vitals/endpoint.hpp"

namespace landing::app {

// Everything the routes need, wired by app/server.cpp.
struct services {
  const site::site* files = nullptr;
  request_metrics* requests = nullptr;
  leads::lead_metrics* lead_stats = nullptr;
  leads::contact_endpoint* contact = nullptr;
  leads::challenge_endpoint* challenges = nullptr;
  const spam::proof_metrics* proof_stats = nullptr;
  vitals::endpoint* vitals = nullptr;
  vitals::endpoint* funnel = nullptr;    // POST /api/funnel and the no-JavaScript image
  telegram::webhook* webhook = nullptr;  // only with --telegram-webhook-secret
  const vitals::counters* vitals_stats = nullptr;
  health_monitor* health = nullptr;
  std::vector<const delivery::channel_metrics*> channels;  // each configured channel's attempts
  host_policy hosts;
};

route classify(const http::request& req);

// The server's one http::handler: which path goes to which room.
class router final : public http::handler {
 public:
  explicit router(services parts) : parts_(std::move(parts)) {}

  // The Host names to answer for. The default list names the port actually bound (--listen may
  // say 0), so it is set once the server listens, before it accepts anything.
  void set_hosts(host_policy hosts) { parts_.hosts = std::move(hosts); }

  [[nodiscard]] std::size_t body_limit(std::string_view target) const override;
  [[nodiscard]] bool is_async(const http::request& req) const override;
  http::response handle(const http::request& req) override;
  void handle_async(const http::request& req, std::function<void(http::response)> done) override;
  void answered(std::string_view target, unsigned status) override;
  void connection_refused() override;
  void draining() override;

 private:
  [[nodiscard]] bool misdirected(const http::request& req) const;
  [[nodiscard]] http::response redirect_to_origin(const http::request& req) const;

  services parts_;
};

}  // namespace landing::app
