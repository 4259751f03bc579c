#pragma once

#include <string>

#include "attribution/report.hpp"

namespace landing::attribution {

// The report as one self-contained page, in the style of `vitals report --html`: a bar chart of
// visits and leads per source and the desk's figures beside them. It loads nothing (inline CSS,
// a CSP of default-src 'none'), so it can be mailed or opened offline. Source names come from
// visitors' links, so every one is escaped.
std::string to_html(const report& r);

}  // namespace landing::attribution
