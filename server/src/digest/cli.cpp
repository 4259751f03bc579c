#include "digest/cli.hpp"

#include <ostream>

#include "attribution/report_html.hpp"
#include "common/atomic_file.hpp"
#include "common/clock.hpp"
#include "digest/chart.hpp"
#include "digest/figures.hpp"
#include "digest/message.hpp"

namespace landing::digest::cli {

int preview(storage::lead_store& store, const preview_request& request, cadence configured,
            const std::string& zone_name, const std::vector<std::string>& alerts, std::ostream& out,
            std::ostream& err) {
  const auto fail = [&err](const std::string& why) {
    err << "landing-server: digest preview: " << why << "\n";
    return 2;
  };
  auto every = configured == cadence::off ? cadence::weekly : configured;
  if (!request.period.empty()) {
    const auto named = cadence_named(request.period);
    if (!named || *named == cadence::off) {
      return fail("--period must be weekly or daily, not '" + request.period + "'");
    }
    every = *named;
  }
  const auto* zone = zone_named(zone_name);
  if (!zone) return fail("--digest-tz: " + zone_problem(zone_name));
  auto covered = latest_due(every, *zone, clock::now_ms());
  if (!request.at.empty()) {
    const auto day = clock::parse_day(request.at);
    if (!day) return fail("--at must be a date (YYYY-MM-DD), not '" + request.at + "'");
    covered = latest_due_on(every, *zone, *day / 86'400'000);
  }
  const auto found = gather(store, *covered, alerts);
  const auto png = render_png(chart_svg(found));
  if (const auto problem = write_atomically(request.image, png); !problem.empty()) {
    return fail(problem);
  }
  if (!request.report_file.empty()) {
    if (const auto problem =
            write_atomically(request.report_file, attribution::to_html(found.report));
        !problem.empty()) {
      return fail(problem);
    }
  }
  out << message_text(found) << "\n\n(" << covered->key << "; chart: " << request.image
      << (request.report_file.empty() ? "" : "; report: " + request.report_file)
      << "; nothing sent)\n";
  return 0;
}

}  // namespace landing::digest::cli
