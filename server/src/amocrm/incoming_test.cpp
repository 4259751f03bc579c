#include "amocrm/incoming.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace landing::amocrm {
namespace {

storage::lead russian_lead() {
  storage::lead item;
  item.id = "01JABCDEFGHJKMNPQRSTVWXYZ0";
  item.created_at = 1790000000000;
  item.fields = {"Анна", "+7 999 123-45-67", "anna@example.com", "Нужен сайт"};
  item.locale = "ru";
  item.consent_version = "2025-06-01";
  item.source = R"({"utm_source":"yandex","utm_medium":"cpc","referrer":"ya.ru","landing":"/ru"})";
  return item;
}

TEST(amocrm_incoming, the_form_carries_our_id_the_contact_and_where_it_came_from) {
  const auto body = boost::json::parse(form_body(russian_lead(), "mintline.studio"));
  const auto& item = body.as_array().at(0).as_object();
  EXPECT_EQ(item.at("source_uid").as_string(), "01JABCDEFGHJKMNPQRSTVWXYZ0");
  EXPECT_EQ(item.at("source_name").as_string(), "mintline.studio");
  EXPECT_EQ(item.at("created_at").as_int64(), 1790000000);
  const auto& meta = item.at("metadata").as_object();
  EXPECT_EQ(meta.at("form_id").as_string(), "01JABCDEFGHJKMNPQRSTVWXYZ0");
  EXPECT_EQ(meta.at("form_page").as_string(), "https://mintline.studio/ru");
  EXPECT_EQ(meta.at("referer").as_string(), "https://ya.ru/");
  const auto contact = boost::json::serialize(item.at("_embedded").at("contacts"));
  EXPECT_NE(contact.find(R"("field_code":"EMAIL")"), std::string::npos) << contact;
  EXPECT_NE(contact.find(R"("value":"+7 999 123-45-67","enum_code":"MOB")"), std::string::npos)
      << "a phone number (WhatsApp) is the contact's phone";
  EXPECT_EQ(item.at("_embedded").at("leads").at(0).at("name").as_string(),
            "Анна — mintline.studio · 01JABCDEFGHJKMNPQRSTVWXYZ0");
}

TEST(amocrm_incoming, an_accepted_lead_is_found_by_our_id_at_the_end_of_its_name) {
  const auto page = boost::json::parse(R"({"_embedded":{"leads":[
    {"id":11,"name":"Анна — mintline.studio · 01JOTHER"},
    {"id":12,"name":"Анна — mintline.studio · 01JABCDEFGHJKMNPQRSTVWXYZ0"}]}})");
  EXPECT_EQ(search_leads(page, "01JABCDEFGHJKMNPQRSTVWXYZ0"), 12);
  // The account's search is by words and fields; a lead without our id in its name is not ours.
  EXPECT_FALSE(search_leads(page, "01JNOTTHERE"));
  EXPECT_FALSE(search_leads(
      boost::json::parse(R"({"_embedded":{"leads":[{"id":"x","name":"01JA"}]}})"), "01JA"));
  EXPECT_FALSE(search_leads(boost::json::parse("{}"), "01JA"));
  EXPECT_FALSE(search_leads(page, ""));
}

TEST(amocrm_incoming, the_note_holds_the_message_and_the_details_and_ends_with_our_mark) {
  const auto text = note_text(russian_lead(), "mintline.studio");
  EXPECT_EQ(text.rfind("Нужен сайт\n\n", 0), 0U);
  for (const auto* part : {"Telegram / WhatsApp: +7 999 123-45-67", "Язык страницы: ru",
                           "версия 2025-06-01", "UTM: yandex / cpc", "Переход с ya.ru"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
  EXPECT_TRUE(text.ends_with(note_mark("01JABCDEFGHJKMNPQRSTVWXYZ0")));
  const auto notes = boost::json::parse(
      R"({"_embedded":{"notes":[{"params":{"text":"other"}},{"params":{"text":")" +
      note_mark("01JABCDEFGHJKMNPQRSTVWXYZ0") + R"("}}]}})");
  EXPECT_TRUE(has_note(notes, "01JABCDEFGHJKMNPQRSTVWXYZ0"));
  EXPECT_FALSE(has_note(notes, "01JOTHER"));
}

TEST(amocrm_incoming, a_page_is_searched_for_our_id_newest_first) {
  const auto page = boost::json::parse(
      R"({"_embedded":{"unsorted":[)"
      R"({"uid":"u2","source_uid":"02","created_at":1790000100,"_embedded":{"leads":[{"id":7}]}},)"
      R"({"uid":"u1","source_uid":"01","created_at":1790000000,"_embedded":{"leads":[{"id":5}]}},)"
      R"({"uid":"u0","source_uid":"00","created_at":1789990000}]}})");
  const auto found = search_page(page, "01", 1790000000);
  ASSERT_TRUE(found.found);
  EXPECT_EQ(found.found->uid, "u1");
  EXPECT_EQ(found.found->lead_id, 5);
  const auto missing = search_page(page, "03", 1790000000);
  EXPECT_FALSE(missing.found);
  EXPECT_TRUE(missing.older) << "a lead older than ours ends the search";
}

}  // namespace
}  // namespace landing::amocrm
