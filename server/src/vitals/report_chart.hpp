#pragma once

#include <cstdint>
#include <string>

#include "vitals/report.hpp"

namespace landing::vitals {

// A metric's p75 by day as an inline SVG for the HTML report: one slot per day from `first` to
// `last` (days with no data stay empty), the good band (0 to the good threshold) and the poor
// band (above the poor threshold) shaded, and labels on both axes. The y axis reaches at least a
// quarter past the poor threshold; a day far beyond stands at the top edge, hollow, with its
// real value in its tooltip, so one bad day does not flatten the bands. Colours are presentation
// attributes and currentColor, so the chart reads on light and dark pages without a stylesheet.
std::string daily_chart(const metric_report& m, std::int64_t first, std::int64_t last);

}  // namespace landing::vitals
