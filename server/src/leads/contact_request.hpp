#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "attribution/source.hpp"
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
  std::string website;  // the honeypot
  std::string consent;  // the consent document's version the visitor ticked; empty: none
  // The proof of work ("altcha": spam/proof_of_work.hpp) as posted; absent when none came.
  std::optional<std::string> proof;
  field_errors errors;     // validation, unknown fields and locale together
  bool malformed = false;  // JSON that is not an object
  std::size_t unknown_named = 0;
  // Where the visitor came from: the JSON's `source`, or for a form post the tags in its
  // Referer's query (parse_form_referer). A source that fails its checks costs only itself.
  std::optional<attribution::source> source;
  std::optional<attribution::drop_reason> source_dropped;
};

contact_request parse_json(std::string_view body);
contact_request parse_form(std::string_view body);
// The tags of a form post's Referer (the landing URL with its query string), if it has any.
std::optional<attribution::source> source_from_referer(std::string_view referer);

}  // namespace landing::leads
