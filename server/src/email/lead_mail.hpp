#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "email/address.hpp"
#include "storage/lead.hpp"

namespace landing::email {

struct mail_settings {
  mailbox from;             // the studio's own address: DMARC fails for any other
  std::vector<mailbox> to;  // the studio's inbox or inboxes
  std::string site_domain;  // Message-ID's right side
};

// A subject is read in a list of mails: the visitor's name in it is cut to this many code
// points. The body has the name whole.
inline constexpr std::size_t subject_name_max = 60;
// The display name in Reply-To, cut the same way: enough for any real name.
inline constexpr std::size_t reply_name_max = 100;

// One lead as an RFC 5322 message with CRLF line ends: From the studio, To its inboxes, Reply-To
// the visitor (left out when the visitor's address is not one a header can carry, so that the
// studio still gets the lead), Message-ID <lead-id@site-domain> on every retry (so an inbox
// shows a retried send as the same mail), Date `now_ms` (when the mail is sent, as RFC 5322
// 3.6.1 has it; the lead's own time is in the body), the subject and the labelled fields in the
// lead's language (ru, else en), as UTF-8 text/plain.
std::string lead_message(const storage::lead& item, const mail_settings& settings,
                         std::int64_t now_ms);

// A short line from the alerts (delivery/alerts.hpp) as a mail of its own.
std::string alert_message(const std::string& text, const mail_settings& settings,
                          std::int64_t now_ms);

// SMTP's envelope (MAIL FROM, RCPT TO), which is what the mail is delivered by: the studio's
// address and its inboxes, never the visitor's.
std::string envelope_sender(const mail_settings& settings);
std::vector<std::string> envelope_recipients(const mail_settings& settings);

}  // namespace landing::email
