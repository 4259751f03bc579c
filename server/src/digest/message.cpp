#include "digest/message.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "common/concat.hpp"
#include "common/visible.hpp"

namespace landing::digest {
namespace {

constexpr std::array<const char*, 12> months{"января",   "февраля", "марта",  "апреля",
                                             "мая",      "июня",    "июля",   "августа",
                                             "сентября", "октября", "ноября", "декабря"};
constexpr std::array<const char*, 7> step_words{"пришли",    "кейсы", "документация", "форма",
                                                "отправили", "взяли", "закрыли"};

std::chrono::year_month_day date_of(std::int64_t day) {
  return std::chrono::year_month_day(std::chrono::sys_days(std::chrono::days(day)));
}

std::string day_month(const std::chrono::year_month_day& d) {
  return concat(std::to_string(static_cast<unsigned>(d.day())), " ",
                months[static_cast<unsigned>(d.month()) - 1]);
}

// "+3", "−2", "0": a change with a real minus sign.
std::string signed_change(std::int64_t change) {
  if (change > 0) return concat("+", std::to_string(change));
  if (change < 0) return concat("−", std::to_string(-change));
  return "0";
}

std::string count_with_before(std::uint64_t now, std::uint64_t before) {
  return concat(std::to_string(now), " (было ", std::to_string(before), ", ",
                signed_change(static_cast<std::int64_t>(now) - static_cast<std::int64_t>(before)),
                ")");
}

std::string funnel_line(const attribution::funnel_row& row) {
  std::string out;
  for (std::size_t i = 0; i < attribution::funnel_steps.size(); ++i) {
    if (i > 0) out += " → ";
    out += concat(step_words[i], " ", std::to_string(row.steps[i]));
    const auto drop = attribution::drop_off(row, i);
    if (!drop) continue;
    char text[24];
    // A drop that rounds to nothing has no sign: "(0%)", not "(−0%)".
    const auto whole = std::round(*drop);
    std::snprintf(text, sizeof text, " (%s%.0f%%)",
                  whole > 0   ? "−"
                  : whole < 0 ? "+"
                              : "",
                  std::fabs(whole));
    out += text;
  }
  return out;
}

}  // namespace

std::string period_words(const period& p) {
  const auto first = date_of(p.first_day);
  const auto last = date_of(p.last_day);
  const auto year = std::to_string(static_cast<int>(last.year()));
  if (p.first_day == p.last_day) return concat(day_month(last), " ", year);
  if (first.month() == last.month()) {
    return concat(std::to_string(static_cast<unsigned>(first.day())), "–", day_month(last), " ",
                  year);
  }
  const auto first_year = first.year() == last.year()
                              ? std::string()
                              : concat(" ", std::to_string(static_cast<int>(first.year())));
  return concat(day_month(first), first_year, " – ", day_month(last), " ", year);
}

std::string message_text(const figures& f) {
  const bool weekly = f.covered.every == cadence::weekly;
  std::string out = concat("Сводка за ", weekly ? "неделю " : "", period_words(f.covered), "\n\n");

  std::uint64_t leads = 0;
  std::uint64_t leads_before = 0;
  for (const auto& row : f.sources) {
    leads += row.leads;
    leads_before += row.leads_before;
  }
  out += concat("Заявки: ", count_with_before(leads, leads_before), "\n");
  std::uint64_t rest = 0;
  std::uint64_t rest_before = 0;
  for (std::size_t i = 0; i < f.sources.size(); ++i) {
    const auto& row = f.sources[i];
    if (i >= sources_listed) {
      rest += row.leads;
      rest_before += row.leads_before;
      continue;
    }
    out += concat("• ", visible(row.source), " — ", count_with_before(row.leads, row.leads_before),
                  "\n");
  }
  if (f.sources.size() > sources_listed) {
    out += concat("• ещё ", std::to_string(f.sources.size() - sources_listed), " источников — ",
                  count_with_before(rest, rest_before), "\n");
  }

  out += concat("\nВоронка (сессии, без Do Not Track и GPC):\n", funnel_line(f.funnel.total), "\n");

  out += concat("\nРабота с заявками: взяли ", std::to_string(f.desk.taken), ", спам ",
                std::to_string(f.desk.spam), ", закрыли ", std::to_string(f.desk.done));
  if (f.desk.median_minutes_to_take) {
    char text[48];
    std::snprintf(text, sizeof text, ", медиана до «Беру» %.0f мин",
                  *f.desk.median_minutes_to_take);
    out += text;
  }
  out += "\n";

  out += "\nСкорость (Web Vitals, оценка 0–100):\n";
  for (const auto& page : f.pages) {
    out += concat("• ", page.page, " — ");
    if (!page.score) {
      out += "нет данных\n";
      continue;
    }
    out += std::to_string(*page.score);
    if (page.score_before) {
      out += concat(" (было ", std::to_string(*page.score_before), ", ",
                    signed_change(*page.score - *page.score_before), ")");
    }
    out += "\n";
  }

  if (f.alerts.empty()) {
    out += "\nВсё работает: каналы доставляют, место на диске есть.\n";
  } else {
    out += "\nТребует внимания:\n";
    for (const auto& alert : f.alerts) out += concat("• ", alert, "\n");
  }
  out += "\nПодробности — в отчёте ниже (HTML).";
  return out;
}

}  // namespace landing::digest
