#include "attribution/cli.hpp"

#include <map>
#include <ostream>

#include "attribution/report.hpp"
#include "attribution/report_html.hpp"
#include "common/atomic_file.hpp"
#include "common/clock.hpp"
#include "common/locales.hpp"

namespace landing::attribution::cli {

// A year of days is more than visits are kept (vitals retention); ten is a generous bound on
// a typing mistake.
inline constexpr int max_days = 3650;

int report(storage::lead_store& store, const report_request& request, std::ostream& out,
           std::ostream& err) {
  if (request.days < 1 || request.days > max_days) {
    err << "landing-server: leads report: --days must be 1 to " << max_days << ", not "
        << request.days << "\n";
    return 2;
  }
  if (!request.locale.empty() && !is_supported_locale(request.locale)) {
    err << "landing-server: leads report: unknown locale '" << request.locale
        << "': leads are en or ru\n";
    return 2;
  }
  const report_options options{request.days, clock::today_utc(), request.locale};
  std::map<std::string, storage::triage_state> desk;
  for (auto& [id, state] : store.triage_states()) desk.emplace(id, std::move(state));
  const auto leads = store.list("");
  auto result =
      build_report(store.read_visits(first_day(options), request.locale), leads, desk, options);
  result.funnel = build_funnel(store.read_funnel(first_day(options), request.locale), leads, desk,
                               period_of(options));
  if (!request.html_file.empty()) {
    if (const auto problem = write_atomically(request.html_file, to_html(result));
        !problem.empty()) {
      err << "landing-server: leads report: " << problem << "\n";
      return 2;
    }
  }
  out << (request.json ? to_json(result) + "\n" : to_text(result));
  return 0;
}

}  // namespace landing::attribution::cli
