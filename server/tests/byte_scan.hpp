#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

// What the erasure tests look for in a database's files: the markers that any regular file under
// `folder` holds in any case of ASCII letters, each with the first file it was found in.
namespace landing::testing {

inline std::string ascii_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

inline std::map<std::string, std::string> markers_in(const std::filesystem::path& folder,
                                                     const std::vector<std::string>& markers) {
  std::map<std::string, std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const auto bytes = ascii_lower(std::string{std::istreambuf_iterator<char>(in), {}});
    for (const auto& marker : markers) {
      if (!out.contains(marker) && bytes.find(ascii_lower(marker)) != std::string::npos) {
        out[marker] = entry.path().filename().string();
      }
    }
  }
  return out;
}

}  // namespace landing::testing
