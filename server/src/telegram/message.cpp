#include "telegram/message.hpp"

namespace landing::telegram {
namespace {

std::string assemble(const storage::contact_fields& fields, std::string_view quoted,
                     std::string_view marker, std::string_view id) {
  std::string text;
  text += fields.name;
  text += " сообщает:\n";
  text += quoted;
  text += marker;
  text += "\n\nКонтактные данные:\n";
  text += fields.email;
  text += '\n';
  text += fields.social;
  text += "\n\nЗаявка ";
  text += id;
  return text;
}

std::size_t sequence_length(unsigned char lead) {
  return lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
}

}  // namespace

std::string quote(std::string_view message) {
  std::string out;
  out.reserve(message.size() + 64);
  for (;;) {
    const auto end = message.find('\n');
    const auto line = message.substr(0, end);
    out += line.empty() ? quote_mark.substr(0, quote_mark.size() - 1) : quote_mark;
    out += line;
    if (end == std::string_view::npos) break;
    out += '\n';
    message.remove_prefix(end + 1);
  }
  return out;
}

std::size_t utf16_units(std::string_view utf8) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto length = sequence_length(static_cast<unsigned char>(utf8[i]));
    units += length == 4 ? 2 : 1;
    i += length;
  }
  return units;
}

std::string format_message(const storage::contact_fields& fields, std::string_view id) {
  const auto quoted = quote(fields.message);
  auto text = assemble(fields, quoted, {}, id);
  if (utf16_units(text) <= max_message_units) return text;
  const auto frame = utf16_units(assemble(fields, {}, cut_marker, id));
  const auto budget = frame < max_message_units ? max_message_units - frame : 0;
  // Cut the quoted message at a code point boundary within the budget.
  std::size_t units = 0;
  std::size_t end = 0;
  const std::string_view message = quoted;
  while (end < message.size()) {
    const auto length = sequence_length(static_cast<unsigned char>(message[end]));
    const std::size_t cost = length == 4 ? 2 : 1;
    if (units + cost > budget) break;
    units += cost;
    end += length;
  }
  // A cut just after a line break, or just after the mark that opens a line, would leave an empty
  // or bare line above the marker: it goes too.
  auto kept = message.substr(0, end);
  while (!kept.empty()) {
    const auto last_break = kept.rfind('\n');
    const auto start = last_break == std::string_view::npos ? 0 : last_break + 1;
    const auto last_line = kept.substr(start);
    if (!last_line.empty() && !quote_mark.starts_with(last_line)) break;
    kept = kept.substr(0, last_break == std::string_view::npos ? 0 : last_break);
  }
  return assemble(fields, kept, cut_marker, id);
}

}  // namespace landing::telegram
