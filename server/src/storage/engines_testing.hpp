#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "postgres.hpp"
#include "storage/postgres/store.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

// The engines a storage suite runs against (tests only): SQLite in a temporary file, PostgreSQL
// on the tests' own server.
namespace landing::storage::testing {

struct engine {
  std::string name;
  std::function<std::unique_ptr<lead_store>(const landing::testing::temp_folder&)> open;
};

// CTest lists each case with its parameter; without this GoogleTest prints the struct's bytes.
inline void PrintTo(const engine& value, std::ostream* out) { *out << value.name; }

inline std::vector<engine> engines() {
  return {{"sqlite",
           [](const landing::testing::temp_folder& dir) {
             return std::make_unique<sqlite::store>(dir.file("leads.db"));
           }},
          {"postgres", [](const landing::testing::temp_folder&) {
             return std::make_unique<postgres::store>(
                 landing::testing::postgres_server::shared().new_database());
           }}};
}

}  // namespace landing::storage::testing
