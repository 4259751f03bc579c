#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "storage/postgres/store.hpp"
#include "storage/sqlite/store.hpp"
#include "storage/store.hpp"

namespace landing::storage {

struct engine_options {
  sqlite::options sqlite;
  postgres::options postgres;
};

// The engine `db` names: a PostgreSQL connection URI (postgresql://…, postgres://…), else an
// SQLite file path. A value that looks like a URI of any other scheme (mysql://…, sqlite://…)
// is refused with storage::error, so it is never taken for a file name. Messages never carry
// the URI's password.
std::unique_ptr<lead_store> open(const std::string& db, const engine_options& options = {});

// A name for logs and errors: the URI with its password replaced, or the file path.
std::string describe(const std::string& db);

// True for an SQLite path (whose folder the caller may create).
bool is_file(std::string_view db);

}  // namespace landing::storage
