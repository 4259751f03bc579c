#pragma once

#include <cstddef>

#include "delivery/channel.hpp"
#include "email/lead_mail.hpp"
#include "email/smtp.hpp"

namespace landing::email {

// The studio's inbox as a channel: each lead one mail, 4xx replies tried again on the schedule
// webhooks use (delivery/schedule.hpp), 5xx final for that lead.
class lead_channel : public delivery::channel {
 public:
  lead_channel(smtp_settings smtp, mail_settings mail);

  [[nodiscard]] std::string_view name() const override { return "email"; }
  // Sends go one after another with no turn to wait for (channel.hpp).
  [[nodiscard]] std::size_t batch_limit() const override { return 32; }
  delivery::attempt_result send(const storage::claimed_delivery& item,
                                const std::atomic<bool>& cancel) override;
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) override;
  bool send_alert(const std::string& text, const std::atomic<bool>& cancel) override;

 private:
  std::vector<std::string> recipients() const;

  mail_settings mail_;
  smtp_client smtp_;
};

delivery::attempt_result as_attempt(const smtp_result& sent);

}  // namespace landing::email
