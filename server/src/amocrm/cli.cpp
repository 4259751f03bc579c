#include "amocrm/cli.hpp"

#include "common/clock.hpp"
#include "delivery/test_lead.hpp"

namespace landing::amocrm::cli {

int test(const channel_options& options, std::ostream& out, std::ostream& err) {
  lead_channel target(options);
  const std::atomic<bool> never{false};
  const auto now = clock::now_ms();
  const auto item = delivery::test_lead("amoCRM", "Её можно отклонить.", now);
  const auto started = clock::now_ms();
  const auto got = target.deliver(item, true, never);
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
