#pragma once

#include <string>

#include "storage/lead.hpp"
#include "storage/postgres/connection.hpp"

// A lead's columns as the PostgreSQL roles select them (leads l), and reading them back.
namespace landing::storage::postgres {

// read_lead takes these from index 0, and a query's own columns follow at lead_column_count.
inline constexpr const char* lead_columns =
    "l.id, l.created_at, l.name, l.social, l.email, l.message, l.locale, l.client, l.status, "
    "coalesce(l.delivered_at, 0), l.source, l.source_class, l.consent_version, l.unproven, "
    "l.message_key";
inline constexpr int lead_column_count = 15;

inline std::string with_columns(const char* before, const char* after) {
  return std::string(before) + lead_columns + after;
}

inline lead read_lead(const result& rows, int row) {
  lead out;
  out.id = rows.text(row, 0);
  out.created_at = rows.integer(row, 1);
  out.fields = {rows.text(row, 2), rows.text(row, 3), rows.text(row, 4), rows.text(row, 5)};
  out.locale = rows.text(row, 6);
  out.client = rows.text(row, 7);
  out.status = rows.text(row, 8);
  out.delivered_at = rows.integer(row, 9);
  out.source = rows.text(row, 10);
  out.source_class = rows.text(row, 11);
  out.consent_version = rows.text(row, 12);
  out.unproven = rows.integer(row, 13) != 0;
  out.message_key = rows.text(row, 14);
  return out;
}

inline std::string str(std::int64_t number) { return std::to_string(number); }

}  // namespace landing::storage::postgres
