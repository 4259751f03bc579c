#include "spam/repeats.hpp"

#include "common/fold.hpp"
#include "common/hmac.hpp"
#include "common/utf8.hpp"

namespace landing::spam {

std::size_t word_letters(std::string_view message) {
  std::size_t letters = 0;
  for (const auto& word : fold::words(message)) {
    // fold::words gives valid UTF-8; a word it could not decode counts by its bytes.
    const auto decoded = utf8::decode(word);
    letters += decoded ? decoded->size() : word.size();
  }
  return letters;
}

std::string message_key(std::string_view message, std::string_view secret) {
  if (word_letters(message) < shortest_key_letters) return {};
  std::string text;
  for (const auto& word : fold::words(message)) {
    if (!text.empty()) text.push_back(' ');
    text += word;
  }
  return hmac_sha256_hex(secret, text);
}

}  // namespace landing::spam
