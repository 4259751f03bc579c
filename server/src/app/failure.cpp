#include "app/failure.hpp"

#include <iostream>

#include "common/redact.hpp"

namespace landing::app {

int fail(const std::string& reason) {
  std::cerr << "landing-server: " << redact_uris(reason) << "\n";
  return 2;
}

}  // namespace landing::app
