#pragma once

#include <map>
#include <string>
#include <string_view>

#include "storage/lead.hpp"

namespace landing::leads {

// The spec's four form fields, as received.
using contact_fields = storage::contact_fields;

// Field name -> error code ("invalid", "too_short", "too_long"); empty when valid. Ordered, so
// the JSON answer is stable. Rules and order: contract/README.md.
using field_errors = std::map<std::string, std::string>;

inline constexpr std::size_t name_max = 100;
inline constexpr std::size_t social_max = 64;
inline constexpr std::size_t email_max = 254;
inline constexpr std::size_t message_max = 4000;

field_errors validate(const contact_fields& fields);

// Blank lines a message may keep in a row once normalized.
inline constexpr int max_blank_lines = 2;

// What gets stored: each field trimmed; in the message every line break becomes LF and runs of
// blank lines shrink to max_blank_lines. Only meaningful for fields that passed validate().
contact_fields normalize(const contact_fields& fields);

// JavaScript String.prototype.trim semantics, so both sides agree on lengths.
std::string trim_js(std::string_view utf8);

}  // namespace landing::leads
