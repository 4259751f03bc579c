#include "common/atomic_file.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace landing {

std::string write_atomically(const std::string& file, const std::string& content) {
  const std::filesystem::path target(file);
  auto partial = target;
  partial += ".partial-" + std::to_string(::getpid());
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(partial, ignored);
      return "cannot write " + file;
    }
  }
  std::error_code ec;
  std::filesystem::rename(partial, target, ec);
  if (ec) {
    std::filesystem::remove(partial, ec);
    return "cannot write " + file + ": " + ec.message();
  }
  return {};
}

}  // namespace landing
