#include "app/replica_name.hpp"

#include <unistd.h>

#include <random>

namespace landing::app {

std::string replica_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::random_device random;
  return std::string(host) + "-" + std::to_string(::getpid()) + "-" +
         std::to_string(random() % 100000);
}

}  // namespace landing::app
