#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vitals/beacon.hpp"

// How the text and HTML reports write numbers, so the terminal and the page read the same.
namespace landing::vitals {

// A metric's value as people read it: times in whole milliseconds with the unit ("2,345 ms"),
// CLS unitless with three decimals ("0.123").
std::string format_value(metric m, double value);

// A fraction of 1 as a percentage with one decimal ("80.1%").
std::string format_share(double fraction);

// A count with thousands separators ("12,345").
std::string format_count(std::uint64_t count);

// The metric's full name ("Largest Contentful Paint").
std::string_view full_name(metric m);

// What the metric means to a visitor, in a few words.
std::string_view what_it_measures(metric m);

}  // namespace landing::vitals
