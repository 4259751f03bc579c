#include "email/channel.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"
#include "delivery/schedule.hpp"

namespace landing::email {

delivery::attempt_result as_attempt(const smtp_result& sent) {
  using delivery::attempt_result;
  const auto code = sent.code ? "smtp " + std::to_string(sent.code) : std::string("no reply");
  switch (sent.outcome) {
    case smtp_result::sent:
      return {attempt_result::delivered, {}, code};
    case smtp_result::permanent:
      return {attempt_result::failed, sent.reason, code};
    case smtp_result::transient:
      break;
  }
  return {attempt_result::retry, sent.reason, code};
}

lead_channel::lead_channel(smtp_settings smtp, mail_settings mail)
    : mail_(std::move(mail)), smtp_(std::move(smtp)) {}

std::vector<std::string> lead_channel::recipients() const {
  std::vector<std::string> out;
  for (const auto& each : mail_.to) out.push_back(each.address());
  return out;
}

delivery::attempt_result lead_channel::send(const storage::claimed_delivery& item,
                                            const std::atomic<bool>& cancel) {
  const auto message = lead_message(item.item, mail_, clock::now_ms());
  const auto sent = smtp_.send(mail_.from.address(), recipients(), message, cancel);
  for (const auto& each : sent.refused) {
    log::warn("mail_recipient_refused",
              {{"id", item.item.id},
               {"recipient", each},
               {"effect", "the other recipients have the lead; check this --mail-to"}});
  }
  return as_attempt(sent);
}

std::optional<std::int64_t> lead_channel::retry_delay_ms(int attempt, std::mt19937_64& random) {
  return delivery::retry_delay_ms(attempt, random);
}

bool lead_channel::send_alert(const std::string& text, const std::atomic<bool>& cancel) {
  const auto message = alert_message(text, mail_, clock::now_ms());
  return smtp_.send(mail_.from.address(), recipients(), message, cancel).outcome ==
         smtp_result::sent;
}

}  // namespace landing::email
