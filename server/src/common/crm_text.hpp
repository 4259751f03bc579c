#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// Small text rules the CRM channels share (bitrix24/, amocrm/): each writes a lead in its own
// CRM's shape, but reads the visitor's answers and writes times the same way.
namespace landing::crm_text {

// Whether the visitor's «Telegram / WhatsApp» answer is a phone number (for WhatsApp): digits
// with the usual separators (+, space, -, parentheses), at least seven digits. Anything else is
// taken for a Telegram handle.
bool phone_like(std::string_view text);

// A unix time in milliseconds as the CRM's text shows it: "2026-09-21 14:13 UTC".
std::string utc_minute(std::int64_t unix_ms);

}  // namespace landing::crm_text
