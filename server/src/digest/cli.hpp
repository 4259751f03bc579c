#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "digest/schedule.hpp"
#include "storage/store.hpp"

// `landing-server digest preview`: the digest of a period as the chat would get it, printed, with
// its chart and report written to files, nothing sent.
namespace landing::digest::cli {

struct preview_request {
  std::string period;  // weekly or daily; empty: the server's --digest (weekly when off)
  std::string at;      // YYYY-MM-DD: the digest due by 09:00 that day; empty: now
  std::string image = "digest.png";
  std::string report_file;  // the HTML report as it would be attached; empty: not written
};

// Exit code 0, or 2 with one line on `err` for a bad period, date or zone, or a file it cannot
// write. `alerts` are app/'s (alerts_of).
int preview(storage::lead_store& store, const preview_request& request, cadence configured,
            const std::string& zone_name, const std::vector<std::string>& alerts, std::ostream& out,
            std::ostream& err);

}  // namespace landing::digest::cli
