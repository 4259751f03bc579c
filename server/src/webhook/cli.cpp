#include "webhook/cli.hpp"

#include "common/clock.hpp"
#include "common/utf8.hpp"
#include "webhook/payload.hpp"

namespace landing::webhook::cli {

int new_secret(std::ostream& out) {
  out << webhook::new_secret() << "\n";
  return 0;
}

int test(const channel_options& options, std::ostream& out, std::ostream& err) {
  lead_channel target(options);
  const std::atomic<bool> never{false};
  const auto now = clock::now_ms();
  const auto id = "ping-" + std::to_string(now);
  const auto started = clock::now_ms();
  const auto got = target.deliver(id, ping_body(now), now, never);
  const auto took = clock::now_ms() - started;
  if (got.status == 0) {
    err << "webhook test: no answer from " << options.url << " (" << got.error_class
        << "): " << got.error << "\n";
    return 1;
  }
  out << "webhook test: " << options.url << " answered HTTP " << got.status << " in " << took
      << " ms to ping " << id << "\n";
  if (!got.body.empty()) out << "body: " << utf8::printable(got.body) << "\n";
  if (got.status >= 200 && got.status < 300) return 0;
  err << "webhook test: only a 2xx counts as delivered";
  if (got.status == 401 || got.status == 403) err << " (does the receiver have the same secret?)";
  err << "\n";
  return 1;
}

}  // namespace landing::webhook::cli
