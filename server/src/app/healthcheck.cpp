#include "app/healthcheck.hpp"

#include <atomic>
#include <ostream>

#include "outbound/client.hpp"

namespace landing::app {

std::string healthcheck_url(const std::string& listen) {
  const auto colon = listen.rfind(':');
  std::string host = colon == std::string::npos ? listen : listen.substr(0, colon);
  const std::string port = colon == std::string::npos ? "8080" : listen.substr(colon + 1);
  if (host.empty() || host == "0.0.0.0" || host == "*") host = "127.0.0.1";
  if (host == "[::]" || host == "::") host = "[::1]";
  return "http://" + host + ":" + port + "/healthz";
}

int healthcheck(const config& cfg, std::ostream& out, std::ostream& err) {
  const auto url = healthcheck_url(cfg.listen);
  outbound::client_options options;
  // The server is this machine's own: the SSRF guard's refusal of the loopback does not apply.
  options.allowed = {true, "--listen"};
  options.timeout = std::chrono::milliseconds(5000);
  options.user_agent = "landing-server healthcheck";
  outbound::client http(options);
  const std::atomic<bool> cancel{false};
  const auto answer = http.request("GET", url, {}, {}, cancel);
  if (answer.status == 200) {
    out << "ready: " << url << " answered 200\n";
    return 0;
  }
  if (answer.status == 0) {
    err << "not ready: " << url << ": " << answer.error << '\n';
  } else {
    // /healthz's body names the state (draining, degraded) and what is wrong.
    err << "not ready: " << url << " answered " << answer.status << ": " << answer.body << '\n';
  }
  return 1;
}

}  // namespace landing::app
