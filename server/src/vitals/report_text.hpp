#pragma once

#include <ostream>

#include "vitals/report.hpp"

namespace landing::vitals {

// The report as a table for a terminal: the period and filters, one line per metric, the score
// and the most frequent attribution targets. Text from visitors' browsers (selectors) is made
// terminal-safe: control characters and bidirectional overrides are written as escapes.
void print_text(const report& r, std::ostream& out);

}  // namespace landing::vitals
