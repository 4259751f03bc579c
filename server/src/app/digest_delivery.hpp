#pragma once

#include <chrono>
#include <iosfwd>
#include <memory>

#include "app/config.hpp"
#include "app/lead_channels.hpp"
#include "digest/sender.hpp"
#include "telegram/chat.hpp"
#include "telegram/config.hpp"

namespace landing::app {

// The digest's parts to the studio's chat: the text by sendMessage (through the chat's link, so
// a group moved to a supergroup is followed), the chart by sendPhoto and the report by
// sendDocument, both uploaded as multipart, each in the chat's turn (`turns`, paced as every
// message to the chat is). Each call's answer as the digest's sender reads it.
digest::sender::deliver_fn chat_delivery(storage::chat_turn_role& turns,
                                         const telegram::config& telegram, telegram::chat& target,
                                         const config& cfg);

// `digest send`: the last period's digest to the chat now, unless it went already (or another
// replica is sending it). Exit code 0 when the chat has it, 1 when it could not go, 2 for a
// setting that cannot work.
int send_digest_now(storage::lead_store& store, const config& cfg, std::ostream& out,
                    std::ostream& err);

// The digest's sender, started, for --digest weekly or daily with the studio's chat configured;
// nothing (and a log line saying why) otherwise.
std::unique_ptr<digest::sender> digest_sender(storage::lead_store& store,
                                              const telegram::config& telegram, const config& cfg,
                                              const lead_channels& channels);

}  // namespace landing::app
