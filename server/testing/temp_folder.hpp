#pragma once

#include <filesystem>
#include <random>
#include <string>

// For tests of any room (header-only, used by tests alone).
namespace landing::testing {

// A fresh folder under the system's temporary directory, removed with everything in it. Tests
// use database files, never :memory:, so WAL and synchronous=FULL are what is exercised.
struct temp_folder {
  temp_folder() {
    std::random_device random;
    path = std::filesystem::temp_directory_path() /
           ("landing-store-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path);
  }
  ~temp_folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
  [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
  std::filesystem::path path;
};

}  // namespace landing::testing
