#include "amocrm/cli.hpp"

#include "common/clock.hpp"

namespace landing::amocrm::cli {

int test(const channel_options& options, std::ostream& out, std::ostream& err) {
  lead_channel target(options);
  const std::atomic<bool> never{false};
  const auto now = clock::now_ms();
  storage::lead item;
  item.id = "test-" + std::to_string(now);
  item.created_at = now;
  item.locale = "ru";
  item.fields = {"Проверка связи", "@landing_test", "test@example.com",
                 "Тестовая заявка от landing-server: канал amoCRM работает. Её можно отклонить."};
  std::string uid;
  const auto started = clock::now_ms();
  const auto got = target.deliver(item, true, never, &uid);
  const auto took = clock::now_ms() - started;
  using delivery::attempt_result;
  if (got.outcome == attempt_result::delivered) {
    out << "amocrm test: " << target.host() << " took the test lead in " << took
        << " ms; it is under Leads → Incoming leads (Неразобранное), titled «Тест "
           "landing-server: Проверка связи»; decline it there\n";
    return 0;
  }
  err << "amocrm test: " << target.host() << ": " << got.reason << "\n";
  if (got.outcome == attempt_result::disabled) {
    err << "amocrm test: the token cannot add incoming leads: make a private integration "
           "(amoCRM → Settings → Integrations → Create integration), give it access to leads, "
           "and put its long-lived token in --amocrm-token-file\n";
  }
  return 1;
}

}  // namespace landing::amocrm::cli
