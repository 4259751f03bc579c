#pragma once

#include <filesystem>

// Where the tests find the repository and the server they start. Each is worked out from the
// running test executable's own place, by a path relative to it that CMake fixes (the build
// folders sit at the same place in every checkout), so no checkout's absolute path is compiled
// into a test file: a fresh clone's tests are then found in ccache rather than compiled again
// (an absolute path in a definition made each file that used it a miss in every new clone).
namespace landing::testing {

// The repository's contract/ folder: the JSON both the site and the server are held to.
std::filesystem::path contract_dir();

// The landing-server built beside the tests, for the tests that start the real binary.
std::filesystem::path server_binary();

}  // namespace landing::testing
