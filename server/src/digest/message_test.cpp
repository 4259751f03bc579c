#include "digest/message.hpp"

#include <gtest/gtest.h>

namespace landing::digest {
namespace {

period week(std::int64_t first) {
  period p;
  p.every = cadence::weekly;
  p.first_day = first;
  p.last_day = first + 6;
  return p;
}

TEST(digest_message, names_the_period_in_russian) {
  EXPECT_EQ(period_words(week(20780)), "23–29 ноября 2026");           // 2026-11-23
  EXPECT_EQ(period_words(week(20787)), "30 ноября – 6 декабря 2026");  // 2026-11-30
  EXPECT_EQ(period_words(week(20815)), "28 декабря 2026 – 3 января 2027");
  period day;
  day.every = cadence::daily;
  day.first_day = day.last_day = 20784;
  EXPECT_EQ(period_words(day), "27 ноября 2026");
}

TEST(digest_message, says_each_figure_with_its_change_and_what_needs_an_operator) {
  figures f;
  f.covered = week(20780);
  f.sources = {{"google", 5, 2}, {"direct", 4, 4}, {"vc.ru", 0, 3}};
  f.funnel.total.steps = {240, 180, 40, 30, 12, 10, 4};
  f.desk.taken = 10;
  f.desk.spam = 1;
  f.desk.done = 4;
  f.desk.median_minutes_to_take = 14.2;
  f.pages = {{"/en", 96, 94}, {"/ru", 91, std::nullopt}, {"/xx", std::nullopt, std::nullopt}};
  f.alerts = {"Канал email: 2 заявки не доставлены"};
  const auto text = message_text(f);
  EXPECT_NE(text.find("Сводка за неделю 23–29 ноября 2026"), std::string::npos) << text;
  EXPECT_NE(text.find("Заявки: 9 (было 9, 0)"), std::string::npos) << text;
  EXPECT_NE(text.find("• google — 5 (было 2, +3)"), std::string::npos) << text;
  EXPECT_NE(text.find("• vc.ru — 0 (было 3, −3)"), std::string::npos) << text;
  EXPECT_NE(text.find("пришли 240 → кейсы 180 (−25%) → документация 40 (−78%) → форма 30 (−25%)"),
            std::string::npos)
      << text;
  f.funnel.total.steps = {240, 240, 40, 30, 12, 10, 4};
  EXPECT_NE(message_text(f).find("кейсы 240 (0%)"), std::string::npos);
  f.funnel.total.steps = {240, 180, 40, 30, 12, 10, 4};
  EXPECT_NE(text.find("взяли 10, спам 1, закрыли 4, медиана до «Беру» 14 мин"), std::string::npos);
  EXPECT_NE(text.find("• /en — 96 (было 94, +2)"), std::string::npos);
  EXPECT_NE(text.find("• /ru — 91\n"), std::string::npos);
  EXPECT_NE(text.find("• /xx — нет данных"), std::string::npos);
  EXPECT_NE(text.find("Требует внимания:\n• Канал email: 2 заявки не доставлены"),
            std::string::npos);
  f.alerts.clear();
  EXPECT_NE(message_text(f).find("Всё работает"), std::string::npos);
}

TEST(digest_message, lists_ten_sources_and_sums_the_rest_and_shows_tags_as_read) {
  figures f;
  f.covered = week(20780);
  for (int i = 0; i < 14; ++i) f.sources.push_back({"tag" + std::to_string(i), 1, 0});
  f.sources.push_back({"bad\nline\u202e", 1, 1});
  const auto text = message_text(f);
  EXPECT_NE(text.find("• tag9 — 1"), std::string::npos);
  EXPECT_EQ(text.find("• tag10 — "), std::string::npos);
  EXPECT_NE(text.find("• ещё 5 источников — 5 (было 1, +4)"), std::string::npos) << text;
  EXPECT_EQ(text.find("bad\nline"), std::string::npos);
}

}  // namespace
}  // namespace landing::digest
