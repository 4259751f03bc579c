#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "storage/lead.hpp"

// Leads as the report's tests build them (tests only): an hour into a UTC day.
namespace landing::attribution::testing {

inline constexpr std::int64_t day_ms = 86'400'000;

inline storage::lead lead(std::string id, std::int64_t day, std::string locale,
                          std::string source_class, std::string status = "delivered") {
  storage::lead out;
  out.id = std::move(id);
  out.created_at = day * day_ms + 3600'000;
  out.locale = std::move(locale);
  out.source_class = std::move(source_class);
  out.status = std::move(status);
  return out;
}

}  // namespace landing::attribution::testing
