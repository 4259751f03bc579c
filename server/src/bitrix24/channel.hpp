#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "bitrix24/portal.hpp"
#include "delivery/channel.hpp"
#include "delivery/chat_link.hpp"
#include "delivery/erasable.hpp"

namespace landing::bitrix24 {

struct channel_options {
  webhook_url url;
  outbound::client_options http;
  std::string site;  // the site's host, named in each lead's title and source
  // The link to the lead's message in the studio's chat, put in the lead's comments; empty
  // without a chat.
  delivery::chat_link_source chat_link;
};

// A call's reply as the outbox's result (error-codes.md, "How to Handle Errors"): a revoked or
// narrowed webhook, a closed portal and an unknown method turn the channel off for an operator;
// QUERY_LIMIT_EXCEEDED and OPERATION_TIME_LIMIT come again later (Retry-After when sent, else
// after the leaky bucket's two seconds, else on the schedule); 5xx and no answer on the
// schedule; any other error of the method is final for this lead.
delivery::attempt_result interpret(const reply& got, std::int64_t now_ms);

// Bitrix24's CRM as a channel: each lead one crm.lead.add, exactly once. Every attempt first
// looks the lead up by ORIGINATOR_ID and ORIGIN_ID (crm.lead.list): an earlier attempt whose
// answer was lost, or a replica killed after the portal stored the lead, left it there, and the
// attempt is then delivered without a second lead. An erased lead is looked up the same way and
// deleted there (crm.lead.delete).
class lead_channel : public delivery::channel, public delivery::erasable {
 public:
  explicit lead_channel(channel_options options);

  [[nodiscard]] std::string_view name() const override { return "bitrix24"; }
  delivery::attempt_result send(const storage::claimed_delivery& item,
                                const std::atomic<bool>& cancel) override;
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) override;

  [[nodiscard]] std::string_view erasable_name() const override { return name(); }
  delivery::erase_result erase_copy(const std::string& lead_id,
                                    const std::atomic<bool>& cancel) override;

  // One lead, looked up then added; `test` marks it in the title (bitrix24 test). The CRM's id
  // of the lead goes to `crm_id` when known; `chat_link` goes in its comments when not empty.
  delivery::attempt_result deliver(const storage::lead& item, bool test,
                                   const std::atomic<bool>& cancel, std::string* crm_id = nullptr,
                                   const std::string& chat_link = {});

  [[nodiscard]] const std::string& host() const { return portal_.host(); }

 private:
  channel_options options_;
  portal portal_;
};

}  // namespace landing::bitrix24
