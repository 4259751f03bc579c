#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/lead.hpp"

namespace landing::delivery {

// The lead a channel's `test` command sends (bitrix24 test, amocrm test): marked as a test, in
// Russian, with `what_to_do` (delete it, decline it) at the end of its message.
inline storage::lead test_lead(std::string_view channel, std::string_view what_to_do,
                               std::int64_t now_ms) {
  storage::lead item;
  item.id = "test-" + std::to_string(now_ms);
  item.created_at = now_ms;
  item.locale = "ru";
  item.fields = {"Проверка связи", "@landing_test", "test@example.com",
                 "Тестовая заявка от landing-server: канал " + std::string(channel) +
                     " работает. " + std::string(what_to_do)};
  return item;
}

}  // namespace landing::delivery
