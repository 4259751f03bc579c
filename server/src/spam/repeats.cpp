#include "spam/repeats.hpp"

#include <openssl/evp.h>

#include <array>

#include "common/fold.hpp"

namespace landing::spam {

namespace {
constexpr std::size_t shortest_key_text = 16;
}  // namespace

std::string message_key(std::string_view message) {
  std::string text;
  std::size_t letters = 0;
  for (const auto& word : fold::words(message)) {
    if (!text.empty()) text.push_back(' ');
    text += word;
    letters += word.size();
  }
  if (letters < shortest_key_text) return {};
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest.data(), &size, EVP_sha256(), nullptr);
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out.push_back(digits[digest[i] >> 4]);
    out.push_back(digits[digest[i] & 0xf]);
  }
  return out;
}

}  // namespace landing::spam
