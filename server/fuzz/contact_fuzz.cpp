// A contact post's body (JSON or form, chosen by the first byte) through parsing, validation,
// normalization, the lead's source and the Telegram text, with the properties the rest of the
// server relies on.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "attribution/source.hpp"
#include "common/utf8.hpp"
#include "leads/contact_request.hpp"
#include "leads/validation.hpp"
#include "telegram/message.hpp"

using namespace landing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto parsed = (data[0] & 1) ? leads::parse_form(body) : leads::parse_json(body);
  // The answer repeats unknown names: a few at most.
  std::size_t unknown = 0;
  for (const auto& [field, code] : parsed.errors) unknown += code == "unknown_field";
  if (unknown > leads::unknown_fields_named + 1) std::abort();
  if (!parsed.errors.empty() || parsed.malformed) return 0;
  const auto stored = leads::normalize(parsed.fields);
  // Normalizing leaves name, social and email as valid as they came; the message keeps
  // something visible (it may lose blank and invisible lines, and with them its length).
  if (!leads::validate({stored.name, stored.social, stored.email, "Hello there"}).empty()) {
    std::abort();
  }
  if (stored.message.empty() || stored.message.front() == '\n' || stored.message.back() == '\n') {
    std::abort();
  }
  if (stored.message.find('\r') != std::string::npos) std::abort();
  if (stored.message.find("\n\n\n\n") != std::string::npos) std::abort();
  // A source that passed its checks is stored and shown as one printable line.
  storage::lead item;
  item.id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";
  item.fields = stored;
  if (parsed.source) {
    item.source = attribution::to_json(*parsed.source);
    if (attribution::from_json(item.source) != parsed.source) std::abort();
    const auto line = attribution::telegram_line(*parsed.source);
    if (!utf8::decode(line) || line.find('\n') != std::string::npos) std::abort();
  }
  const auto text = telegram::format_message(stored, item.id, item.source);
  if (!utf8::decode(text)) std::abort();
  // Split for sendMessage: every part fits with room for the status line, and together they
  // hold every character of the text (line breaks at the cuts and carried quote marks aside).
  const auto parts = telegram::message_parts(item);
  std::string joined;
  for (const auto& part : parts) {
    if (!utf8::decode(part)) std::abort();
    if (telegram::utf16_units(part) > telegram::max_message_units - telegram::status_room) {
      std::abort();
    }
    joined += part;
  }
  const auto bare = [](const std::string& value) {
    std::string out;
    for (std::string_view rest = value; !rest.empty();) {
      if (rest.starts_with(telegram::quote_mark)) {
        rest.remove_prefix(telegram::quote_mark.size());
      } else {
        if (rest.front() != '\n') out += rest.front();
        rest.remove_prefix(1);
      }
    }
    return out;
  };
  if (bare(joined) != bare(text)) std::abort();
  // Every line between the header and the contact block is the visitor's, behind the quote mark.
  const auto start = text.find('\n') + 1;
  const auto end = text.rfind("\n\nКонтактные данные:\n");
  if (end == std::string::npos || end < start) std::abort();
  std::string_view quoted(text.data() + start, end - start);
  while (!quoted.empty()) {
    const auto line = quoted.substr(0, quoted.find('\n'));
    if (!line.starts_with("│")) std::abort();
    quoted.remove_prefix(std::min(quoted.size(), line.size() + 1));
  }
  return 0;
}
