#pragma once

#include <optional>
#include <string>

#include "amocrm/account.hpp"
#include "amocrm/incoming.hpp"
#include "delivery/channel.hpp"
#include "delivery/chat_link.hpp"
#include "delivery/erasable.hpp"

namespace landing::amocrm {

struct channel_options {
  account_url url;
  std::string token;
  outbound::client_options http;
  std::string site;  // the site's host, named in each lead and as its source
  // The link to the lead's message in the studio's chat, put in the lead's note; empty without
  // a chat.
  delivery::chat_link_source chat_link;
};

// A call's reply as the outbox's result: a refused token (401, 403) or a missing account (402,
// 404) turns the channel off for an operator; 429 comes again after its Retry-After or a
// second (the limit is seven requests a second); 400 and 422 (validation-errors) are final for
// the lead, with the fields named; 5xx and no answer on the schedule.
delivery::attempt_result interpret(const reply& got, std::int64_t now_ms);

// amoCRM as a channel: each lead one incoming lead of the forms kind («Неразобранное»), for a
// manager to accept, and a note on its lead with the message and the details. Exactly once:
// every attempt first pages through the newest incoming leads for our id (the list has no filter
// by source_uid), and adds the note only when the lead's notes lack our mark.
class lead_channel : public delivery::channel, public delivery::erasable {
 public:
  explicit lead_channel(channel_options options);

  [[nodiscard]] std::string_view name() const override { return "amocrm"; }
  delivery::attempt_result send(const storage::claimed_delivery& item,
                                const std::atomic<bool>& cancel) override;
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) override;

  // Declines the incoming lead, the only deletion API v4 has; an accepted lead cannot be deleted
  // through it, and the outcome says so.
  [[nodiscard]] std::string_view erasable_name() const override { return name(); }
  delivery::erase_result erase_copy(const std::string& lead_id,
                                    const std::atomic<bool>& cancel) override;

  // One lead, looked up, added and noted; `test` marks it (amocrm test); `chat_link` goes in
  // its note when not empty.
  delivery::attempt_result deliver(const storage::lead& item, bool test,
                                   const std::atomic<bool>& cancel,
                                   const std::string& chat_link = {});

  [[nodiscard]] const std::string& host() const { return account_.host(); }

 private:
  // Our lead among the incoming ones; a reply that failed in `failed`.
  // The lead a manager accepted from the incoming leads, by our id in its name (search_leads);
  // `failed` holds a call's answer that was not a page.
  std::optional<std::int64_t> find_accepted(const std::string& lead_id,
                                            const std::atomic<bool>& cancel,
                                            std::optional<reply>& failed);
  std::optional<found_lead> find(const std::string& lead_id, std::int64_t created_s,
                                 const std::atomic<bool>& cancel, std::optional<reply>& failed);
  delivery::attempt_result note(const storage::lead& item, std::int64_t lead_id, bool check,
                                const std::string& chat_link, const std::atomic<bool>& cancel);

  channel_options options_;
  account account_;
};

}  // namespace landing::amocrm
