#include "telegram/updates.hpp"

#include <algorithm>
#include <boost/json.hpp>

namespace landing::telegram {
namespace {

namespace json = boost::json;

std::string string_at(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

bool integer_at(const json::object& object, std::string_view key, std::int64_t& out) {
  const auto* value = object.if_contains(key);
  if (!value || !value->is_int64()) return false;
  out = value->as_int64();
  return true;
}

// The callback query of one update; the reason when there is none to act on.
bool read_callback(const json::object& update, callback_query& out, std::string& why) {
  const auto* query_value = update.if_contains("callback_query");
  if (!query_value || !query_value->is_object()) {
    why = "not a callback query";
    return false;
  }
  const auto& query = query_value->as_object();
  out.id = string_at(query, "id");
  out.data = string_at(query, "data");
  const auto* from = query.if_contains("from");
  if (out.id.empty() || !from || !from->is_object() ||
      !integer_at(from->as_object(), "id", out.user_id)) {
    why = "a callback query without its id or sender";
    return false;
  }
  out.first_name = string_at(from->as_object(), "first_name");
  out.last_name = string_at(from->as_object(), "last_name");
  out.username = string_at(from->as_object(), "username");
  const auto* message = query.if_contains("message");
  if (message && message->is_object()) {
    const auto& m = message->as_object();
    const auto* chat = m.if_contains("chat");
    out.has_message = chat && chat->is_object() &&
                      integer_at(chat->as_object(), "id", out.chat_id) &&
                      integer_at(m, "message_id", out.message_id);
    out.message_text = string_at(m, "text");
  }
  return true;
}

}  // namespace

update_batch parse_updates(std::string_view body, std::int64_t offset) {
  update_batch out;
  out.next_offset = offset;
  boost::system::error_code ec;
  const auto value = json::parse(body, ec);
  if (ec || !value.is_object()) {
    out.description = "the answer is not a JSON object";
    return out;
  }
  const auto& top = value.as_object();
  const auto* ok = top.if_contains("ok");
  out.ok = ok && ok->is_bool() && ok->as_bool();
  if (!out.ok) {
    integer_at(top, "error_code", out.error_code);
    out.description = string_at(top, "description");
    return out;
  }
  const auto* result = top.if_contains("result");
  if (!result || !result->is_array()) {
    out.ok = false;
    out.description = "the answer has no result list";
    return out;
  }
  for (const auto& item : result->as_array()) {
    std::int64_t update_id = 0;
    if (!item.is_object() || !integer_at(item.as_object(), "update_id", update_id)) {
      out.skipped.emplace_back("an update without update_id");
      continue;
    }
    out.next_offset = std::max(out.next_offset, update_id + 1);
    callback_query query;
    std::string why;
    if (read_callback(item.as_object(), query, why)) {
      out.callbacks.push_back(std::move(query));
    } else {
      out.skipped.push_back("update " + std::to_string(update_id) + ": " + why);
    }
  }
  return out;
}

bool parse_update(std::string_view body, callback_query& out, std::string& why) {
  boost::system::error_code ec;
  const auto value = json::parse(body, ec);
  if (ec || !value.is_object()) {
    why = "not a JSON object";
    return false;
  }
  return read_callback(value.as_object(), out, why);
}

std::string display_name(const callback_query& query) {
  std::string out = query.first_name;
  if (!query.last_name.empty()) out += (out.empty() ? "" : " ") + query.last_name;
  if (out.empty()) out = "id " + std::to_string(query.user_id);
  if (!query.username.empty()) out += " (@" + query.username + ")";
  return out;
}

}  // namespace landing::telegram
