#pragma once

#include <optional>
#include <string>

#include "storage/triage.hpp"

// The link to a lead's message in the studio's chat, which the CRMs carry so a manager can go
// from the CRM's lead to the chat's discussion of it.
namespace landing::telegram {

// Telegram's private link form, https://t.me/c/<chat>/<message>, where <chat> is the id without
// its -100 prefix: it opens the message for the chat's members, whether the supergroup or
// channel has a public name or not. Only supergroups and channels (ids -100…) have message
// links; a private chat with the bot, a basic group or an unknown message has none: nothing.
std::optional<std::string> message_link(const storage::sent_message& where);

}  // namespace landing::telegram
