#pragma once

#include <string>

namespace landing {

// Writes `content` beside `file` and renames it over, so a reader never sees half a file. Empty
// on success, else what went wrong, for the operator.
std::string write_atomically(const std::string& file, const std::string& content);

}  // namespace landing
