#pragma once

#include <cstdint>
#include <string>
#include <vector>

// Array parameters, so a batch is one statement (`unnest($1::text[], …)`) and one round trip
// instead of one per row.
namespace landing::storage::postgres {

// A PostgreSQL array literal of text: {"a","b \"c\""}.
std::string text_array(const std::vector<std::string>& items);

// Of integers, or of doubles written so that they read back exactly.
std::string number_array(const std::vector<std::int64_t>& items);
std::string number_array(const std::vector<double>& items);

}  // namespace landing::storage::postgres
