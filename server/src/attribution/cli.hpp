#pragma once

#include <iosfwd>
#include <string>

#include "storage/store.hpp"

// `landing-server leads report ...`: visits and leads per source, read from the same database the
// server writes.
namespace landing::attribution::cli {

struct report_request {
  int days = 30;
  std::string locale;  // empty: any
  bool json = false;
  std::string html_file;  // empty: none
};

// Prints the report (a table, or JSON with `json`) and writes the HTML page when asked. Exit
// code 0, or 2 with one line on `err` for days out of range, an unknown locale or a file it
// cannot write.
int report(storage::lead_store& store, const report_request& request, std::ostream& out,
           std::ostream& err);

}  // namespace landing::attribution::cli
