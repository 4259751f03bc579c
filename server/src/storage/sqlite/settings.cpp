#include "storage/sqlite/settings.hpp"

namespace landing::storage::sqlite {
namespace {

std::optional<std::string> read_setting(connection& conn, const std::string& key) {
  statement query(conn, "SELECT value FROM settings WHERE key = ?");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void write_setting(connection& conn, const std::string& key, const std::string& value) {
  statement(conn,
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
            "value = excluded.value")
      .bind(1, key)
      .bind(2, value)
      .step();
}

std::vector<std::pair<std::string, std::string>> all_settings(connection& conn) {
  statement query(conn, "SELECT key, value FROM settings ORDER BY key");
  std::vector<std::pair<std::string, std::string>> out;
  while (query.step()) out.emplace_back(query.text(0), query.text(1));
  return out;
}

}  // namespace

std::optional<std::string> settings_table::setting(const std::string& key) {
  return db_.read([&](connection& conn) { return read_setting(conn, key); });
}

void settings_table::set_setting(const std::string& key, const std::string& value) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    write_setting(conn, key, value);
    return true;
  });
}

std::string settings_table::claim_setting(const std::string& key, const std::string& value) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")
        .bind(1, key)
        .bind(2, value)
        .step();
    return read_setting(conn, key).value_or(value);
  });
}

std::vector<std::pair<std::string, std::string>> settings_table::settings() {
  return db_.read([](connection& conn) { return all_settings(conn); });
}

}  // namespace landing::storage::sqlite
