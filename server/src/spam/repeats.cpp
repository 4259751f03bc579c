#include "spam/repeats.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <array>

#include "common/fold.hpp"
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
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data(), &size);
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out.push_back(digits[digest[i] >> 4]);
    out.push_back(digits[digest[i] & 0xf]);
  }
  return out;
}

}  // namespace landing::spam
