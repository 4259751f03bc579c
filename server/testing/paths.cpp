#include "paths.hpp"

namespace landing::testing {
namespace {

std::filesystem::path executable_dir() {
  return std::filesystem::read_symlink("/proc/self/exe").parent_path();
}

}  // namespace

std::filesystem::path contract_dir() {
  return (executable_dir() / LANDING_CONTRACT_FROM_EXE).lexically_normal();
}

std::filesystem::path server_binary() { return executable_dir() / LANDING_SERVER_FROM_EXE; }

}  // namespace landing::testing
