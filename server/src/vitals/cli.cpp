#include "vitals/cli.hpp"

#include <ostream>

#include "common/atomic_file.hpp"
#include "vitals/beacon.hpp"
#include "vitals/report.hpp"
#include "vitals/report_html.hpp"
#include "vitals/report_json.hpp"
#include "vitals/report_text.hpp"

namespace landing::vitals::cli {
namespace {

// Empty when `value` is empty or one of `allowed`, else the message that says what is.
template <std::size_t N>
std::string check_filter(std::string_view what, const std::string& value,
                         const std::array<std::string_view, N>& allowed) {
  if (value.empty()) return {};
  std::string choices;
  for (const auto each : allowed) {
    if (each == value) return {};
    choices += choices.empty() ? "" : ", ";
    choices += each;
  }
  return "unknown " + std::string(what) + " '" + value + "': beacons name one of " + choices;
}

}  // namespace

int report(storage::lead_store& store, const report_request& request, std::ostream& out,
           std::ostream& err) {
  for (const auto& problem : {check_filter("route", request.route, routes),
                              check_filter("locale", request.locale, locales),
                              check_filter("device", request.device, devices)}) {
    if (!problem.empty()) {
      err << "landing-server: vitals report: " << problem << "\n";
      return 2;
    }
  }
  report_options options{request.days, today_utc(), request.route, request.locale, request.device};
  const auto rows =
      store.read_vitals({first_day(options), request.route, request.locale, request.device});
  const auto result = build_report(rows, options);
  if (!request.html_file.empty()) {
    if (const auto problem = write_atomically(request.html_file, to_html(result));
        !problem.empty()) {
      err << "landing-server: vitals report: " << problem << "\n";
      return 2;
    }
  }
  if (request.json) {
    out << to_json(result) << "\n";
  } else {
    print_text(result, out);
    if (!request.html_file.empty()) out << "\nWrote " << request.html_file << "\n";
  }
  return 0;
}

}  // namespace landing::vitals::cli
