#include "bitrix24/channel.hpp"

#include <array>

#include "bitrix24/lead_fields.hpp"
#include "common/clock.hpp"
#include "delivery/schedule.hpp"

namespace landing::bitrix24 {
namespace {

// The system codes that say the webhook cannot work until a person acts (_includes/
// system-errors.md): revoked or wrong, without the crm scope, REST off on the plan, the portal
// closed or blocked, http where https is needed, a method the webhook cannot see.
constexpr std::array operator_codes{
    std::string_view("INVALID_CREDENTIALS"), std::string_view("NO_AUTH_FOUND"),
    std::string_view("insufficient_scope"),  std::string_view("expired_token"),
    std::string_view("user_access_error"),   std::string_view("ACCESS_DENIED"),
    std::string_view("PORTAL_DELETED"),      std::string_view("OVERLOAD_LIMIT"),
    std::string_view("INVALID_REQUEST"),     std::string_view("ERROR_METHOD_NOT_FOUND")};

bool needs_operator(const reply& got) {
  for (const auto code : operator_codes) {
    if (got.error == code) return true;
  }
  // A method's own "Access denied." (an empty code): the webhook's user may not add leads.
  if (got.error.empty() && got.description.find("Access denied") != std::string::npos) return true;
  return got.error.empty() && (got.status == 401 || got.status == 403);
}

std::string said(const reply& got) {
  std::string out = got.error.empty() ? std::string() : got.error;
  if (!got.description.empty()) out += (out.empty() ? "" : ": ") + got.description;
  return out.empty() ? "HTTP " + std::to_string(got.status) : out;
}

}  // namespace

delivery::attempt_result interpret(const reply& got, std::int64_t now_ms) {
  using delivery::attempt_result;
  if (got.status == 0) {
    return {attempt_result::retry,
            "no answer from Bitrix24 (" + got.transport + "): " + got.transport_error,
            got.transport};
  }
  const auto code = std::to_string(got.status) + (got.error.empty() ? "" : " " + got.error);
  if (!got.failed) return {attempt_result::delivered, {}, code};
  if (needs_operator(got)) {
    return {attempt_result::disabled, "Bitrix24 refused the webhook (" + said(got) + ")", code};
  }
  if (got.error == "QUERY_LIMIT_EXCEEDED" || got.error == "OPERATION_TIME_LIMIT" ||
      got.status == 429) {
    attempt_result out{attempt_result::retry, "Bitrix24's rate limit (" + said(got) + ")", code};
    if (const auto wait = delivery::retry_after_ms(got.retry_after, now_ms)) {
      out.retry_at = now_ms + *wait;
    } else if (got.error == "QUERY_LIMIT_EXCEEDED") {
      // limits.md: the counter drains two requests a second.
      out.retry_at = now_ms + 2000;
    }
    return out;
  }
  if (got.status >= 500 || got.status < 400) {
    return {attempt_result::retry, "Bitrix24: " + said(got), code};
  }
  return {attempt_result::failed, "Bitrix24 did not take the lead (" + said(got) + ")", code};
}

lead_channel::lead_channel(channel_options options)
    : options_(std::move(options)), portal_(options_.url, options_.http) {}

delivery::attempt_result lead_channel::deliver(const storage::lead& item, bool test,
                                               const std::atomic<bool>& cancel, std::string* crm_id,
                                               const std::string& chat_link) {
  using delivery::attempt_result;
  const auto found = portal_.call("crm.lead.list", find_params(item.id), cancel);
  if (found.failed) return interpret(found, clock::now_ms());
  const auto* list = found.result.if_array();
  if (list == nullptr) {
    return {attempt_result::retry, "Bitrix24: crm.lead.list answered without a list", "200"};
  }
  if (!list->empty()) {
    // Stored by an earlier attempt whose answer never came back.
    if (crm_id != nullptr) {
      if (const auto* row = list->front().if_object()) {
        if (const auto* id = row->if_contains("ID"); id && id->is_string()) {
          *crm_id = id->as_string();
        }
      }
    }
    return {attempt_result::delivered, {}, "200 found"};
  }
  const auto added =
      portal_.call("crm.lead.add", add_params(item, options_.site, test, chat_link), cancel, true);
  auto out = interpret(added, clock::now_ms());
  if (out.outcome == attempt_result::delivered && crm_id != nullptr) {
    if (added.result.is_int64()) *crm_id = std::to_string(added.result.as_int64());
    if (added.result.is_string()) *crm_id = added.result.as_string();
  }
  return out;
}

delivery::attempt_result lead_channel::send(const storage::claimed_delivery& item,
                                            const std::atomic<bool>& cancel) {
  // Asked before the look-up: a fresh lead's chat message is usually a moment away.
  const auto link = options_.chat_link ? options_.chat_link(item.item, cancel) : std::nullopt;
  return deliver(item.item, false, cancel, nullptr, link.value_or(""));
}

delivery::erase_result lead_channel::erase_copy(const std::string& lead_id,
                                                const std::atomic<bool>& cancel) {
  using delivery::erase_result;
  const auto found = portal_.call("crm.lead.list", find_params(lead_id), cancel);
  if (found.failed) return {erase_result::later, {}, interpret(found, clock::now_ms()).reason};
  const auto* list = found.result.if_array();
  if (list == nullptr) {
    return {erase_result::later, {}, "Bitrix24: crm.lead.list answered without a list"};
  }
  std::string deleted;
  // Every lead with our id: one, unless a copy was added by hand or by an older version.
  for (const auto& row : *list) {
    const auto* object = row.if_object();
    const auto* id = object != nullptr ? object->if_contains("ID") : nullptr;
    if (id == nullptr || !id->is_string()) continue;
    const std::string number(id->as_string());
    const auto gone = portal_.call("crm.lead.delete", {{"id", number}}, cancel, true);
    // error-codes.md: a lead no longer there is a 400 "Not found" (the studio deleted it first).
    if (gone.failed && !(gone.error.empty() && gone.description == "Not found")) {
      const auto why = interpret(gone, clock::now_ms());
      if (why.outcome == delivery::attempt_result::failed) {
        return {erase_result::failed,
                "Bitrix24 did not delete #" + number + " (" + why.reason + ")",
                {}};
      }
      return {erase_result::later, {}, why.reason};
    }
    deleted += (deleted.empty() ? "#" : ", #") + number;
  }
  if (deleted.empty()) return {erase_result::done, "not there", {}};
  return {erase_result::done, "deleted " + deleted, {}};
}

std::optional<std::int64_t> lead_channel::retry_delay_ms(int attempt, std::mt19937_64& random) {
  return delivery::retry_delay_ms(attempt, random);
}

}  // namespace landing::bitrix24
