#pragma once

#include <string>

#include "storage/lead.hpp"
#include "storage/sqlite/connection.hpp"

// A lead's columns as the SQLite roles select them (leads l), and reading them back.
namespace landing::storage::sqlite {

// read_lead takes these from index 0, and a query's own columns follow at lead_column_count.
inline constexpr const char* lead_columns =
    "l.id, l.created_at, l.name, l.social, l.email, l.message, l.locale, l.client, l.status, "
    "coalesce(l.delivered_at, 0), l.source, l.source_class, l.consent_version, l.unproven, "
    "l.message_key";
inline constexpr int lead_column_count = 15;

inline lead read_lead(const statement& row) {
  lead out;
  out.id = row.text(0);
  out.created_at = row.integer(1);
  out.fields = {row.text(2), row.text(3), row.text(4), row.text(5)};
  out.locale = row.text(6);
  out.client = row.text(7);
  out.status = row.text(8);
  out.delivered_at = row.integer(9);
  out.source = row.text(10);
  out.source_class = row.text(11);
  out.consent_version = row.text(12);
  out.unproven = row.integer(13) != 0;
  out.message_key = row.text(14);
  return out;
}

// "SELECT " + the lead's columns + the rest of the query.
inline std::string with_columns(const char* before, const char* after) {
  return std::string(before) + lead_columns + after;
}

}  // namespace landing::storage::sqlite
