#pragma once

#include <string>
#include <string_view>

#include "http/request.hpp"
#include "leads/validation.hpp"

namespace landing::leads {

enum class body_kind { json, form, unsupported };

body_kind kind_of(std::string_view content_type);

// A 422 names at most this many unknown fields, each at most this long; the rest are reported
// under one entry, so a body stuffed with names gets a short answer.
inline constexpr std::size_t unknown_fields_named = 3;
inline constexpr std::size_t unknown_field_name_max = 40;
inline constexpr std::string_view other_unknown_fields = "_other";

// A contact post taken apart, before any decision about it.
struct contact_request {
  contact_fields fields;
  std::string locale;
  std::string website;     // the honeypot
  field_errors errors;     // validation, unknown fields and locale together
  bool malformed = false;  // JSON that is not an object
  std::size_t unknown_named = 0;
};

contact_request parse_json(std::string_view body);
contact_request parse_form(std::string_view body);

}  // namespace landing::leads
