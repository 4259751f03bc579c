#include "email/lead_mail.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <map>
#include <tuple>

namespace landing::email {
namespace {

using namespace std::string_literals;

constexpr std::int64_t now = 1'784'000'000'000;  // 2026-07-14T03:33:20Z
constexpr const char* lead_id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";

mail_settings studio() {
  return {mailbox::parse("leads@studio.example").value(),
          {mailbox::parse("sales@studio.example").value(),
           mailbox::parse("ceo@studio.example").value()},
          "studio.example"};
}

storage::lead sample(std::string name, std::string email, std::string locale = "ru") {
  storage::lead out;
  out.id = lead_id;
  out.created_at = now - 61'000;
  out.locale = std::move(locale);
  out.fields = {std::move(name), "@anna", std::move(email),
                "Здравствуйте!\nНужен сайт.\r\nСпасибо"};
  out.source_class = "telegram";
  return out;
}

// OpenSSL's decoder, not ours: what a mail reader would get back.
std::string from_base64(std::string_view text) {
  std::string clean;
  for (const char c : text) {
    if (c != '\r' && c != '\n') clean += c;
  }
  std::string out(clean.size(), '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(clean.data()),
                                static_cast<int>(clean.size()));
  const auto padding = clean.ends_with("==") ? 2 : clean.ends_with('=') ? 1 : 0;
  out.resize(static_cast<std::size_t>(n - padding));
  return out;
}

// The header section as a reader sees it: fields unfolded (RFC 5322 2.2.3), by name, in order.
std::vector<std::pair<std::string, std::string>> headers(const std::string& message) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto end = message.find("\r\n\r\n");
  for (std::size_t from = 0; from < end + 2;) {
    const auto line_end = message.find("\r\n", from);
    const auto line = message.substr(from, line_end - from);
    if (line.starts_with(" ")) {
      out.back().second += line;
    } else {
      const auto colon = line.find(':');
      out.emplace_back(line.substr(0, colon), line.substr(colon + 1));
    }
    from = line_end + 2;
  }
  for (auto& [name, value] : out) value.erase(0, value.find_first_not_of(' '));
  return out;
}

std::string header(const std::string& message, const std::string& name) {
  for (const auto& [field, value] : headers(message)) {
    if (field == name) return value;
  }
  return "(none)";
}

// Encoded words decoded, the space between two of them dropped (RFC 2047 6.2).
std::string decoded_words(const std::string& value) {
  std::string out;
  bool after_word = false;
  for (std::size_t at = 0; at < value.size();) {
    const auto start = value.find("=?UTF-8?B?", at);
    auto plain = value.substr(at, start == std::string::npos ? std::string::npos : start - at);
    if (!(after_word && plain == " ")) out += plain;
    if (start == std::string::npos) break;
    const auto stop = value.find("?=", start + 10);
    out += from_base64(value.substr(start + 10, stop - start - 10));
    after_word = true;
    at = stop + 2;
  }
  return out;
}

std::string body(const std::string& message) {
  return from_base64(message.substr(message.find("\r\n\r\n") + 4));
}

void expect_only_crlf(const std::string& message) {
  for (std::size_t i = 0; i < message.size(); ++i) {
    ASSERT_TRUE(message[i] != '\n' || (i > 0 && message[i - 1] == '\r')) << "bare LF at " << i;
    ASSERT_TRUE(message[i] != '\r' || message[i + 1] == '\n') << "bare CR at " << i;
  }
}

TEST(lead_mail, comes_from_the_studio_replies_to_the_visitor_and_keeps_one_message_id) {
  const auto message = lead_message(sample("Anna", "anna@example.com", "en"), studio(), now);
  EXPECT_EQ(header(message, "From"), "leads@studio.example");
  EXPECT_EQ(header(message, "To"), "sales@studio.example, ceo@studio.example");
  EXPECT_EQ(header(message, "Reply-To"), "Anna <anna@example.com>");
  EXPECT_EQ(header(message, "Message-ID"), "<01JD3Z6W8Q5N2R4T6V8X0Y2A4C@studio.example>");
  EXPECT_EQ(header(message, "Subject"), "New lead: Anna");
  EXPECT_EQ(header(message, "Date"), "Tue, 14 Jul 2026 03:33:20 +0000");
  EXPECT_EQ(header(message, "MIME-Version"), "1.0");
  EXPECT_EQ(header(message, "Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(header(message, "Content-Transfer-Encoding"), "base64");
  const auto retry = lead_message(sample("Anna", "anna@example.com", "en"), studio(), now + 5000);
  EXPECT_EQ(header(retry, "Message-ID"), header(message, "Message-ID"))
      << "a retry is the same mail";
  expect_only_crlf(message);
  EXPECT_EQ(envelope_sender(studio()), "leads@studio.example");
  EXPECT_EQ(envelope_recipients(studio()),
            (std::vector<std::string>{"sales@studio.example", "ceo@studio.example"}));
}

TEST(lead_mail, speaks_the_leads_language_in_subject_and_body) {
  const auto message = lead_message(sample("Анна", "anna@example.com"), studio(), now);
  EXPECT_TRUE(header(message, "Subject").starts_with("=?UTF-8?B?"));
  EXPECT_EQ(decoded_words(header(message, "Subject")), "Новая заявка: Анна");
  EXPECT_EQ(decoded_words(header(message, "Reply-To")), "Анна <anna@example.com>");
  EXPECT_EQ(body(message),
            "Имя: Анна\r\nКонтакт: @anna\r\nПочта: anna@example.com\r\n"
            "Сообщение:\r\n│ Здравствуйте!\r\n│ Нужен сайт.\r\n│ Спасибо\r\n\r\n"
            "Заявка: 01JD3Z6W8Q5N2R4T6V8X0Y2A4C\r\nВремя: 2026-07-14T03:32:19Z\r\n"
            "Язык: ru\r\nИсточник: telegram\r\n");
  auto plain = sample("Anna", "anna@example.com", "en");
  plain.source_class.clear();
  EXPECT_EQ(body(lead_message(plain, studio(), now)),
            "Name: Anna\r\nContact: @anna\r\nEmail: anna@example.com\r\n"
            "Message:\r\n│ Здравствуйте!\r\n│ Нужен сайт.\r\n│ Спасибо\r\n\r\n"
            "Lead: 01JD3Z6W8Q5N2R4T6V8X0Y2A4C\r\nTime: 2026-07-14T03:32:19Z\r\nLanguage: en\r\n");
}

// A message that types the server's own lines cannot stand for them: every line of it is quoted.
TEST(lead_mail, a_message_imitating_the_lines_around_it_stays_quoted) {
  for (const auto* locale : {"en", "ru"}) {
    auto item = sample("Anna", "anna@example.com", locale);
    item.fields.message =
        "Hi\n\nLead: 01FAKE00000000000000000000\nЗаявка: 01FAKE\nEmail: boss@evil.test\n\nТime: "
        "now";
    const auto text = body(lead_message(item, studio(), now));
    std::size_t lines_with_lead = 0;
    for (std::size_t from = 0; from < text.size();) {
      const auto end = text.find("\r\n", from);
      const auto line = text.substr(from, end - from);
      if (line.starts_with("Lead: ") || line.starts_with("Заявка: ")) ++lines_with_lead;
      EXPECT_FALSE(line.starts_with("Email: boss")) << line;
      from = end == std::string::npos ? text.size() : end + 2;
    }
    EXPECT_EQ(lines_with_lead, 1U) << text;  // the real one only
    EXPECT_NE(text.find("│ Lead: 01FAKE"), std::string::npos) << text;
    EXPECT_NE(text.find("\r\n│\r\n│ Тime: now\r\n"), std::string::npos) << text;
  }
}

TEST(lead_mail, cuts_a_long_name_in_the_subject_on_a_character) {
  const auto name = std::string(59, 'a') + "😀" + std::string(100, 'b');
  const auto message = lead_message(sample(name, "anna@example.com", "en"), studio(), now);
  EXPECT_EQ(decoded_words(header(message, "Subject")), "New lead: " + std::string(59, 'a') + "😀");
  const auto cyrillic = lead_message(sample(std::string(200, 'x') + "Я", "", "ru"), studio(), now);
  EXPECT_EQ(decoded_words(header(cyrillic, "Subject")), "Новая заявка: " + std::string(60, 'x'));
  EXPECT_NE(body(message).find(name), std::string::npos) << "the body has the whole name";
}

TEST(lead_mail, leaves_reply_to_out_when_the_visitors_address_cannot_be_carried) {
  for (const char* email : {"", "not an address", "anna@example.com\nBcc: x@y", "a@b,c@d"}) {
    const auto message = lead_message(sample("Anna", email), studio(), now);
    EXPECT_EQ(header(message, "Reply-To"), "(none)") << email;
    EXPECT_EQ(header(message, "From"), "leads@studio.example");
  }
}

TEST(lead_mail, hostile_names_addresses_and_ids_never_add_a_header_or_a_recipient) {
  const std::vector<std::string> hostile{
      "Anna\r\nBcc: victim@evil.test",
      "Anna\nBcc: victim@evil.test",
      "Anna\rBcc: victim@evil.test",
      "\r\nBcc: x@y",
      "\n",
      "\r",
      "Anna\0\r\nX-Evil: 1"s,
      "\0"s,
      "Anna\u2028Bcc: victim@evil.test",
      "Anna\u0085Bcc: victim@evil.test",
      "Анна\r\n\r\nforged body",
      "=?UTF-8?B?DQpCY2M6IHhAZXZpbC50ZXN0?=",
      "\"Anna\" <x@evil.test>, other@evil.test",
      "anna@example.com\r\nBcc: victim@evil.test",
      "anna@example.com>, victim@evil.test",
      std::string(500, '\n'),
      "Anna\xff\xfe\r\n",
  };
  const std::map<std::string, int> expected{
      {"From", 1},    {"To", 1},           {"Date", 1},         {"Message-ID", 1},
      {"Subject", 1}, {"MIME-Version", 1}, {"Content-Type", 1}, {"Content-Transfer-Encoding", 1}};
  for (const auto& bad : hostile) {
    for (const auto& [name, email, id] :
         std::vector<std::tuple<std::string, std::string, std::string>>{
             {bad, "anna@example.com", lead_id}, {"Anna", bad, lead_id}, {bad, bad, bad}}) {
      auto item = sample(name, email);
      item.id = id;
      const auto message = lead_message(item, studio(), now);
      std::map<std::string, int> seen;
      for (const auto& [field, value] : headers(message)) {
        ++seen[field];
        EXPECT_EQ(decoded_words(value).find_first_of("\r\n"), std::string::npos)
            << "a line break even after decoding: " << field;
      }
      seen.erase("Reply-To");
      EXPECT_EQ(seen, expected) << testing::PrintToString(bad);
      EXPECT_EQ(header(message, "To"), "sales@studio.example, ceo@studio.example");
      EXPECT_TRUE(header(message, "Message-ID").ends_with("@studio.example>"));
      expect_only_crlf(message);
    }
  }
}

}  // namespace
}  // namespace landing::email
