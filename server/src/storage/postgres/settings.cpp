#include "storage/postgres/settings.hpp"

namespace landing::storage::postgres {
namespace {

std::optional<std::string> read_setting(connection& conn, const std::string& key) {
  const auto rows = conn.exec("SELECT value FROM settings WHERE key = $1", {key});
  if (rows.rows() == 0) return std::nullopt;
  return rows.text(0, 0);
}

void write_setting(connection& conn, const std::string& key, const std::string& value) {
  conn.exec(
      "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = "
      "excluded.value",
      {key, value});
}

std::vector<std::pair<std::string, std::string>> all_settings(connection& conn) {
  const auto rows = conn.exec("SELECT key, value FROM settings ORDER BY key");
  std::vector<std::pair<std::string, std::string>> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int row = 0; row < rows.rows(); ++row)
    out.emplace_back(rows.text(row, 0), rows.text(row, 1));
  return out;
}

}  // namespace

std::optional<std::string> settings_table::setting(const std::string& key) {
  return db_.run(false, [&](connection& conn) { return read_setting(conn, key); });
}

void settings_table::set_setting(const std::string& key, const std::string& value) {
  db_.run(true, [&](connection& conn) {
    write_setting(conn, key, value);
    return true;
  });
}

std::string settings_table::claim_setting(const std::string& key, const std::string& value) {
  return db_.run(true, [&](connection& conn) {
    conn.exec("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
              {key, value});
    return read_setting(conn, key).value_or(value);
  });
}

std::vector<std::pair<std::string, std::string>> settings_table::settings() {
  return db_.run(false, [](connection& conn) { return all_settings(conn); });
}

}  // namespace landing::storage::postgres
