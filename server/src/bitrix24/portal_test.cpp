#include "bitrix24/portal.hpp"

#include <gtest/gtest.h>

namespace landing::bitrix24 {
namespace {

const outbound::reach closed{false, "--bitrix24-allow-private"};
const outbound::reach open{true, "--bitrix24-allow-private"};

TEST(bitrix24_portal, the_webhook_url_is_taken_as_the_portal_shows_it) {
  for (const auto& [text, base] : std::vector<std::pair<const char*, const char*>>{
           {"https://studio.bitrix24.ru/rest/1/k3y5ecr3tc0de/",
            "https://studio.bitrix24.ru/rest/1/k3y5ecr3tc0de/"},
           {"https://studio.bitrix24.ru/rest/1/k3y5ecr3tc0de",
            "https://studio.bitrix24.ru/rest/1/k3y5ecr3tc0de/"},
           // Copied with the example method the portal shows, and with the file's newline.
           {"https://studio.bitrix24.ru/rest/17/abcDEF123/profile.json\n",
            "https://studio.bitrix24.ru/rest/17/abcDEF123/"},
           {"https://crm.example.com:8443/rest/1/code/crm.lead.add.json",
            "https://crm.example.com:8443/rest/1/code/"},
       }) {
    const auto parsed = parse_webhook_url(text, closed);
    EXPECT_EQ(parsed.error, "") << text;
    EXPECT_EQ(parsed.base, base) << text;
  }
  const auto local = parse_webhook_url("http://127.0.0.1:9000/rest/1/code/", open);
  EXPECT_EQ(local.error, "");
  EXPECT_EQ(local.host, "127.0.0.1");
}

TEST(bitrix24_portal, a_wrong_url_is_refused_without_repeating_its_secret) {
  for (const auto& [text, says] : std::vector<std::pair<const char*, const char*>>{
           {"studio.bitrix24.ru/rest/1/s3cretcode/", "absolute"},
           {"http://studio.bitrix24.ru/rest/1/s3cretcode/", "https"},
           {"https://127.0.0.1/rest/1/s3cretcode/", "--bitrix24-allow-private"},
           {"https://studio.bitrix24.ru/rest/s3cretcode/", "/rest/<user id>/<code>/"},
           {"https://studio.bitrix24.ru/rest/admin/s3cretcode/", "/rest/<user id>/<code>/"},
           {"https://studio.bitrix24.ru/crm/1/s3cretcode/", "/rest/<user id>/<code>/"},
           {"https://studio.bitrix24.ru/rest/1/s3cret%20code/", "/rest/<user id>/<code>/"},
           {"https://studio.bitrix24.ru/rest/1/s3cretcode/?x=1", "query"},
           {"https://user:s3cretcode@studio.bitrix24.ru/rest/1/s3cretcode/", "password"},
       }) {
    const auto parsed = parse_webhook_url(text, closed);
    EXPECT_NE(parsed.error.find(says), std::string::npos) << text << ": " << parsed.error;
    EXPECT_EQ(parsed.error.find("s3cret"), std::string::npos) << parsed.error;
    EXPECT_EQ(parsed.base, "");
  }
}

}  // namespace
}  // namespace landing::bitrix24
