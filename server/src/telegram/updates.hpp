#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// What getUpdates (or the webhook) brings: the button clicks of the chat (issue 15). Only
// callback queries are asked for (allowed_updates); anything else, or anything malformed, is
// skipped with a reason and never stops the loop.
namespace landing::telegram {

struct callback_query {
  std::string id;  // for answerCallbackQuery
  std::int64_t user_id = 0;
  std::string first_name;
  std::string last_name;
  std::string username;      // without @; empty when the user has none
  bool has_message = false;  // false for a message too old for Telegram to include
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;
  std::string message_text;
  std::string data;  // callback_data
};

struct update_batch {
  bool ok = false;
  // Telegram's error when not ok (409: another consumer or a webhook is set).
  std::int64_t error_code = 0;
  std::string description;
  // The offset to ask for next: one past the largest update_id seen, malformed updates included,
  // so that none is fetched twice; `offset` as given when the batch is empty.
  std::int64_t next_offset = 0;
  std::vector<callback_query> callbacks;
  std::vector<std::string> skipped;  // why each skipped update was, for the log
};

update_batch parse_updates(std::string_view body, std::int64_t offset);

// One update as the webhook posts it; false when it is not a well-formed callback query.
bool parse_update(std::string_view body, callback_query& out, std::string& why);

// How the chat names who clicked: "Анна Петрова (@anna)", or the name alone.
std::string display_name(const callback_query& query);

}  // namespace landing::telegram
