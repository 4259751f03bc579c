#include "email/address.hpp"

#include <gtest/gtest.h>

namespace landing::email {
namespace {

mailbox box(const char* text) { return mailbox::parse(text).value(); }

TEST(mailbox, takes_plain_addresses) {
  for (const char* good : {"a@b.co", "anna.k+leads@studio.example", "o'brien@mail.example",
                           "root@localhost", "x_y-z@sub.do-main.example"}) {
    const auto parsed = mailbox::parse(good);
    ASSERT_TRUE(parsed) << good;
    EXPECT_EQ(parsed->address(), good);
  }
  EXPECT_EQ(box("leads@studio.example").domain(), "studio.example");
}

TEST(mailbox, refuses_anything_that_could_break_a_header_or_name_a_second_address) {
  for (const std::string& bad : std::vector<std::string>{"",
                                                         "anna",
                                                         "@b.co",
                                                         "a@",
                                                         "a@@b.co",
                                                         "a@b.co, c@d.co",
                                                         "a@b.co;c@d.co",
                                                         "a b@c.co",
                                                         "<a@b.co>",
                                                         "a@b.co>",
                                                         "\"a\"@b.co",
                                                         "a@b..co",
                                                         ".a@b.co",
                                                         "a.@b.co",
                                                         "a..b@c.co",
                                                         "a@b.co\r\n",
                                                         "a@b.co\r\nBcc: x@evil.test",
                                                         "a@b.co\nBcc: x@evil.test",
                                                         "a\r@b.co",
                                                         "a@b.co\rX",
                                                         std::string("a@b.co\0x", 8),
                                                         "a@[127.0.0.1]",
                                                         "a(comment)@b.co",
                                                         "a@b_c.co",
                                                         "анна@почта.рф",
                                                         "a@b.co\u2028",
                                                         "=?UTF-8?B?QmNj?=@evil.test",
                                                         std::string(65, 'a') + "@b.co",
                                                         "a@" + std::string(64, 'b') + ".co",
                                                         "a@" + std::string(250, 'b')}) {
    EXPECT_FALSE(mailbox::parse(bad)) << bad;
  }
}

// field_name is consteval: field_name(some_runtime_string) does not compile, nor does a literal
// with a colon or a space. What compiles is a constant:
static_assert(field_name("Reply-To").text() == "Reply-To");

std::string line(field_name name, const header_text& value) { return header_line(name, value); }

TEST(header_text, unstructured_ascii_stays_readable_and_anything_else_is_encoded) {
  EXPECT_EQ(line("Subject", header_text::unstructured("New lead: Anna")),
            "Subject: New lead: Anna\r\n");
  EXPECT_EQ(line("Subject", header_text::unstructured(" New \r\n lead\t")),
            "Subject: New lead\r\n");
  for (const char* encoded :
       {"Новая заявка: Анна", "looks =?like?= a word",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}) {
    EXPECT_TRUE(
        line("Subject", header_text::unstructured(encoded)).starts_with("Subject: =?UTF-8?B?"))
        << encoded;
  }
}

TEST(header_text, a_display_name_is_plain_only_when_it_is_atext) {
  const auto visitor = box("anna@example.com");
  EXPECT_EQ(line("Reply-To", header_text::named("Anna Smith", visitor)),
            "Reply-To: Anna Smith <anna@example.com>\r\n");
  EXPECT_EQ(line("Reply-To", header_text::named("", visitor)), "Reply-To: anna@example.com\r\n");
  EXPECT_EQ(line("Reply-To", header_text::named(" \r\n ", visitor)),
            "Reply-To: anna@example.com\r\n");
  for (const char* special : {"Smith, Anna", "Anna \"CEO\"", "<evil@x>", "Анна", "A. Smith",
                              "Anna (CEO)", "x@evil.test", "Anna;Bcc"}) {
    const auto value = line("Reply-To", header_text::named(special, visitor));
    EXPECT_TRUE(value.starts_with("Reply-To: =?UTF-8?B?")) << special;
    EXPECT_TRUE(value.ends_with(" <anna@example.com>\r\n")) << value;
  }
}

TEST(header_text, a_message_id_keeps_its_id_and_masks_what_a_msg_id_cannot_hold) {
  EXPECT_EQ(line("Message-ID", header_text::message_id("01JD3Z6W8Q5N2R4T", "studio.example")),
            "Message-ID: <01JD3Z6W8Q5N2R4T@studio.example>\r\n");
  EXPECT_EQ(line("Message-ID", header_text::message_id("a>b\r\nBcc: x", "ex..ample.")),
            "Message-ID: <a-b--Bcc--x@ex.-ample.->\r\n");
  EXPECT_EQ(line("Message-ID", header_text::message_id("", "")), "Message-ID: <-@->\r\n");
}

TEST(header_text, a_list_of_addresses_folds_between_addresses) {
  const std::vector<mailbox> many(6, box("sales-department@studio.example"));
  const auto value = line("To", header_text::addresses(many));
  EXPECT_TRUE(value.starts_with("To: sales-department@studio.example,")) << value;
  const auto fold_at = value.find("\r\n ");
  ASSERT_NE(fold_at, std::string::npos) << value;
  EXPECT_EQ(value[fold_at - 1], ',') << "folded after a comma: " << value;
  EXPECT_TRUE(value.ends_with("sales-department@studio.example\r\n"));
}

}  // namespace
}  // namespace landing::email
