#include "bitrix24/lead_fields.hpp"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

namespace landing::bitrix24 {
namespace {

storage::lead russian_lead() {
  storage::lead item;
  item.id = "01JABCDEFGHJKMNPQRSTVWXYZ0";
  item.created_at = 1790000000000;  // 2026-09-21 14:13 UTC
  item.fields = {"Анна", "@anna_dev", "anna@example.com", "Нужен сайт"};
  item.locale = "ru";
  item.consent_version = "2025-06-01";
  item.source =
      R"({"utm_source":"yandex","utm_medium":"cpc","utm_campaign":"осень","utm_term":"веб студия",)"
      R"("utm_content":"banner","yclid":true,"referrer":"ya.ru","landing":"/ru","locale":"ru","at":1789999990000})";
  return item;
}

std::string text(const boost::json::object& fields, const char* key) {
  const auto* found = fields.if_contains(key);
  return found && found->is_string() ? std::string(found->as_string()) : std::string();
}

TEST(bitrix24_fields, a_lead_carries_its_contact_message_tags_consent_and_our_id) {
  const auto fields = lead_fields(russian_lead(), "mintline.studio");
  EXPECT_EQ(text(fields, "TITLE"), "Анна — mintline.studio");
  EXPECT_EQ(text(fields, "NAME"), "Анна");
  EXPECT_EQ(boost::json::serialize(fields.at("EMAIL")),
            R"([{"VALUE":"anna@example.com","VALUE_TYPE":"WORK"}])");
  EXPECT_EQ(boost::json::serialize(fields.at("IM")),
            R"([{"VALUE":"@anna_dev","VALUE_TYPE":"TELEGRAM"}])");
  const auto comments = text(fields, "COMMENTS");
  EXPECT_EQ(comments.rfind("Нужен сайт\n\n", 0), 0u) << comments;
  EXPECT_NE(comments.find("Язык страницы: ru"), std::string::npos);
  EXPECT_NE(comments.find("версия 2025-06-01, 2026-09-21 14:13 UTC"), std::string::npos)
      << comments;
  EXPECT_EQ(text(fields, "SOURCE_ID"), "WEB");
  EXPECT_EQ(text(fields, "SOURCE_DESCRIPTION"),
            "mintline.studio/ru, переход с ya.ru, клик по рекламе (yclid)");
  EXPECT_EQ(text(fields, "UTM_SOURCE"), "yandex");
  EXPECT_EQ(text(fields, "UTM_MEDIUM"), "cpc");
  EXPECT_EQ(text(fields, "UTM_CAMPAIGN"), "осень");
  EXPECT_EQ(text(fields, "UTM_TERM"), "веб студия");
  EXPECT_EQ(text(fields, "UTM_CONTENT"), "banner");
  EXPECT_EQ(text(fields, "ORIGINATOR_ID"), "landing-server");
  EXPECT_EQ(text(fields, "ORIGIN_ID"), "01JABCDEFGHJKMNPQRSTVWXYZ0");
}

TEST(bitrix24_fields, what_the_visitor_left_out_is_left_out) {
  auto item = russian_lead();
  item.fields.email.clear();
  item.source.clear();
  item.consent_version.clear();
  item.unproven = true;
  const auto fields = lead_fields(item, "mintline.studio");
  EXPECT_FALSE(fields.contains("EMAIL"));
  EXPECT_FALSE(fields.contains("UTM_SOURCE"));
  EXPECT_EQ(text(fields, "SOURCE_DESCRIPTION"), "mintline.studio");
  EXPECT_EQ(text(fields, "COMMENTS").find("Согласие"), std::string::npos);
  EXPECT_NE(text(fields, "COMMENTS").find("без JavaScript"), std::string::npos);
  EXPECT_EQ(text(lead_fields(item, "mintline.studio", true), "TITLE"),
            "Тест landing-server: Анна — mintline.studio");
}

TEST(bitrix24_fields, a_phone_number_is_a_phone_and_anything_else_a_telegram_handle) {
  for (const auto* phone : {"+7 (999) 123-45-67", "89991234567", "+49 151 2345 6789"}) {
    EXPECT_EQ(social_of(phone).field, "PHONE") << phone;
  }
  for (const auto* handle : {"@anna_dev", "t.me/anna_dev", "anna", "123", "+7 999 abc"}) {
    const auto got = social_of(handle);
    EXPECT_EQ(got.field, "IM") << handle;
    EXPECT_EQ(got.value_type, "TELEGRAM") << handle;
  }
}

TEST(bitrix24_fields, the_look_up_asks_for_our_id_exactly) {
  EXPECT_EQ(boost::json::serialize(find_params("01J")),
            R"({"filter":{"=ORIGINATOR_ID":"landing-server","=ORIGIN_ID":"01J"},"select":["ID"]})");
}

}  // namespace
}  // namespace landing::bitrix24
