#pragma once

#include <string_view>

// Pieces of the comma-separated, q-weighted header lists that content negotiation reads
// (Accept-Encoding, Accept-Language) and of the Cookie header.
namespace landing::site {

// Strips the optional white space (spaces and tabs) that HTTP allows around list items.
std::string_view trim_ows(std::string_view text);

// The q-value in an item's parameters, such as ";q=0.8": 1 when absent, 0 when unreadable.
double quality_of(std::string_view params);

}  // namespace landing::site
