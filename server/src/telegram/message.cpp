#include "telegram/message.hpp"

#include "attribution/source.hpp"

namespace landing::telegram {
namespace {

std::string assemble(const storage::contact_fields& fields, std::string_view quoted,
                     std::string_view id, std::string_view source, bool unproven) {
  std::string text;
  text += fields.name;
  text += " сообщает:\n";
  text += quoted;
  text += "\n\nКонтактные данные:\n";
  text += fields.email;
  text += '\n';
  text += fields.social;
  // Checked when the lead arrived (one printable line); unknown or unreadable adds nothing.
  if (const auto from = attribution::from_json(source)) {
    text += "\n\n";
    text += attribution::telegram_line(*from);
  }
  // The studio weighs a lead that solved no proof of work (a form posted without JavaScript)
  // with that in mind.
  if (unproven) text += "\n\nбез проверки: форма без JavaScript";
  text += "\n\nЗаявка ";
  text += id;
  return text;
}

std::size_t sequence_length(unsigned char lead) {
  return lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
}

}  // namespace

std::size_t utf16_units(std::string_view utf8) {
  std::size_t units = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto length = sequence_length(static_cast<unsigned char>(utf8[i]));
    units += length == 4 ? 2 : 1;
    i += length;
  }
  return units;
}

std::string format_message(const storage::contact_fields& fields, std::string_view id,
                           std::string_view source, bool unproven) {
  return assemble(fields, quote(fields.message), id, source, unproven);
}

std::vector<std::string> split_message(std::string_view text, std::size_t limit) {
  std::vector<std::string> parts;
  std::string carry;  // the quote mark a cut line goes on behind
  while (!text.empty()) {
    std::string part = carry;
    std::size_t units = utf16_units(part);
    std::size_t end = 0;
    while (end < text.size()) {
      const auto length = sequence_length(static_cast<unsigned char>(text[end]));
      const std::size_t cost = length == 4 ? 2 : 1;
      if (units + cost > limit) break;
      units += cost;
      end += length;
    }
    if (end < text.size()) {
      // Rather after a whole line, when one ends in the part's second half.
      const auto line_end = text.substr(0, end).rfind('\n');
      if (line_end != std::string_view::npos && line_end + 1 > end / 2) end = line_end + 1;
    }
    const auto piece = text.substr(0, end);
    carry.clear();
    if (end < text.size() && !piece.ends_with('\n')) {
      const auto line_start = piece.rfind('\n');
      const auto line = piece.substr(line_start == std::string_view::npos ? 0 : line_start + 1);
      if (line.starts_with(quote_mark)) carry = quote_mark;
    }
    part += piece;
    while (part.ends_with('\n')) part.pop_back();  // Telegram trims it anyway
    parts.push_back(std::move(part));
    text.remove_prefix(end);
  }
  return parts;
}

std::vector<std::string> message_parts(const storage::lead& item) {
  return split_message(format_message(item.fields, item.id, item.source, item.unproven),
                       max_message_units - status_room);
}

}  // namespace landing::telegram
