#pragma once

#include <iosfwd>
#include <string>

#include "storage/store.hpp"

// `landing-server vitals report ...`: the studio's view of real visitors' Web Vitals, read from
// the same database the server writes (WAL and PostgreSQL let it read while the server runs).
namespace landing::vitals::cli {

struct report_request {
  int days = 7;
  std::string route;  // empty: any
  std::string locale;
  std::string device;
  bool json = false;
  std::string html_file;  // empty: none
};

// Prints the report (a table, or JSON with `json`) and writes the HTML page when asked. Exit
// code 0, or 2 with one line on `err` for a filter no beacon can have or a file it cannot write.
int report(storage::lead_store& store, const report_request& request, std::ostream& out,
           std::ostream& err);

}  // namespace landing::vitals::cli
