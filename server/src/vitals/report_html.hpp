#pragma once

#include <string>

#include "vitals/report.hpp"

namespace landing::vitals {

// The report as one self-contained HTML page for people who would rather look than read: the
// score as a gauge in Lighthouse's colours, a card per metric with its percentiles, shares and
// a chart of p75 by day, and the most frequent LCP elements and INP targets. It loads nothing
// (inline CSS and SVG, a CSP of default-src 'none'), so it can be mailed or opened offline.
// Every string that came from the store is escaped: selectors are written by visitors' browsers.
std::string to_html(const report& r);

}  // namespace landing::vitals
