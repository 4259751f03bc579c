#include "bitrix24/cli.hpp"

#include "common/clock.hpp"
#include "delivery/test_lead.hpp"

namespace landing::bitrix24::cli {

int test(const channel_options& options, std::ostream& out, std::ostream& err) {
  lead_channel target(options);
  const std::atomic<bool> never{false};
  const auto now = clock::now_ms();
  const auto item = delivery::test_lead("Bitrix24", "Её можно удалить.", now);
  std::string crm_id;
  const auto started = clock::now_ms();
  const auto got = target.deliver(item, true, never, &crm_id);
  const auto took = clock::now_ms() - started;
  using delivery::attempt_result;
  if (got.outcome == attempt_result::delivered) {
    out << "bitrix24 test: " << target.host() << " took the test lead"
        << (crm_id.empty() ? "" : " #" + crm_id) << " in " << took
        << " ms; it is under CRM → Leads, titled «Тест landing-server: Проверка связи»; delete "
           "it there\n";
    return 0;
  }
  err << "bitrix24 test: " << target.host() << ": " << got.reason << "\n";
  if (got.outcome == attempt_result::disabled) {
    err << "bitrix24 test: the webhook cannot add leads: make an incoming webhook with the "
           "crm scope (Developer resources → Other → Incoming webhook) and put its URL in "
           "--bitrix24-webhook-file\n";
  }
  return 1;
}

}  // namespace landing::bitrix24::cli
