#pragma once

#include <cstddef>
#include <string_view>

namespace landing::site {

struct range_result {
  enum kind { none, partial, unsatisfiable } outcome = none;
  std::size_t first = 0;  // inclusive byte offsets
  std::size_t last = 0;
};

// A single "bytes=" range, as video players send. Several ranges or a malformed header mean
// none: serving the whole file is always a correct answer to a Range request.
range_result parse_range(std::string_view header, std::size_t size);

}  // namespace landing::site
