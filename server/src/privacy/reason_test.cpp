#include "privacy/reason.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "common/utf8.hpp"

namespace landing::privacy {
namespace {

const storage::contact_fields vasilisa{"Vasilisa Premudraya", "@vasilisa_p",
                                       "vasilisa.premudraya@example.com", "We need a site."};
const storage::contact_fields anna_ru{"Анна Сергеевна", "t.me/anna_sergeevna", "анна@пример.рф",
                                      "Нужен сайт."};
const storage::contact_fields short_ones{"Al Ann", "+7 (999) 123-45-67", "al@ex.io", "Hi there"};

// Ways an operator could write a detail: each one alone and in any combination.
using variant = std::function<std::string(const std::string&)>;

std::string ascii_upper(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// Printable ASCII to its full-width form (U+FF01–U+FF5E), spaces to the ideographic space.
std::string full_width(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == ' ') {
      out += utf8::encode(0x3000);
    } else if (c > ' ' && c < 0x7F) {
      out += utf8::encode(static_cast<char32_t>(c - 0x21 + 0xFF01));
    } else {
      out += c;
    }
  }
  return out;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

const std::vector<variant> spellings{
    [](const std::string& s) { return s; },
    [](const std::string& s) { return ascii_upper(s); },
    [](const std::string& s) { return full_width(s); },
    [](const std::string& s) { return replaced(s, " ", "  "); },
    [](const std::string& s) { return replaced(s, " ", ", "); },
    [](const std::string& s) { return replaced(replaced(s, "@", " at "), ".", " dot "); },
    [](const std::string& s) { return replaced(s, "@", "＠"); },
    [](const std::string& s) { return replaced(replaced(s, ".", "-"), "_", " "); },
    [](const std::string& s) { return replaced(s, "a", "a\u200B"); },
};
const std::vector<variant> sentences{
    [](const std::string& s) { return s; },
    [](const std::string& s) { return "asked by " + s + " on the phone"; },
    [](const std::string& s) { return "ticket 1207 (" + s + ")"; },
    [](const std::string& s) { return "«" + s + "», письмо от 2 ноября"; },
};

void expect_refused(const storage::contact_fields& who, const std::vector<std::string>& details,
                    std::string_view detail) {
  int tried = 0;
  for (const auto& base : details) {
    for (const auto& spell : spellings) {
      for (const auto& spell_again : spellings) {
        for (const auto& sentence : sentences) {
          const auto reason = sentence(spell_again(spell(base)));
          const auto found = repeated_detail(reason, who);
          ++tried;
          ASSERT_TRUE(found.has_value()) << reason;
          EXPECT_EQ(*found, detail) << reason;
        }
      }
    }
  }
  EXPECT_GT(tried, 300);
}

TEST(erasure_reason, any_word_of_the_name_is_refused_however_it_is_written) {
  expect_refused(vasilisa,
                 {"Vasilisa", "Premudraya", "Premudraya, Vasilisa", "Vasilisa Premudraya",
                  "vasilisa's request", "VasilisaP"},
                 "name");
  expect_refused(anna_ru, {"Анна", "АННА", "Сергеевна", "сергеевна анна"}, "name");
  expect_refused(short_ones, {"Ann"}, "name");
}

TEST(erasure_reason, the_email_and_its_local_part_are_refused_however_they_are_written) {
  expect_refused(vasilisa,
                 {"vasilisa.premudraya@example.com", "vasilisa.premudraya", "vasilisapremudraya",
                  "vasilisa_premudraya at example dot com"},
                 "name");  // its words are the name's: the first rule to match names it
  const storage::contact_fields mail_only{"Boris", "@bb", "zk.q-17@example.com", "Hi"};
  expect_refused(mail_only,
                 {"zk.q-17@example.com", "zk.q-17", "zkq17", "ZK_Q_17 at example dot com"},
                 "e-mail");
  expect_refused(short_ones, {"al@ex.io", "al at ex dot io", "al＠ex.io"}, "e-mail");
  expect_refused(anna_ru, {"анна@пример.рф"}, "name");
}

TEST(erasure_reason, the_handle_is_refused_with_or_without_its_at_or_link) {
  const storage::contact_fields handle_only{"Boris", "@qx_dev77", "b@example.com", "Hi"};
  expect_refused(handle_only, {"@qx_dev77", "qx_dev77", "QX DEV77", "t.me/qx_dev77"}, "handle");
  const storage::contact_fields link{"Boris", "https://t.me/qx_dev77", "b@example.com", "Hi"};
  expect_refused(link, {"qx_dev77", "@qx_dev77"}, "handle");
  expect_refused(short_ones, {"+7 999 123 45 67", "79991234567"}, "handle");
}

TEST(erasure_reason, a_reason_without_the_person_passes) {
  for (const auto* reason :
       {"", "ticket 1207", "asked by phone on 2026-11-02", "request #44, identity checked",
        "Annual review: the person withdrew consent", "по запросу субъекта, обращение 17",
        "VASILY asked", "premium plan cancelled"}) {
    EXPECT_EQ(repeated_detail(reason, vasilisa), std::nullopt) << reason;
    EXPECT_EQ(repeated_detail(reason, anna_ru), std::nullopt) << reason;
    EXPECT_EQ(repeated_detail(reason, short_ones), std::nullopt) << reason;
  }
}

}  // namespace
}  // namespace landing::privacy
