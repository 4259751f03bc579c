#include "amocrm/channel.hpp"

#include "common/clock.hpp"
#include "delivery/schedule.hpp"

namespace landing::amocrm {
namespace {

using delivery::attempt_result;

// How many pages of the newest incoming leads a look-up reads (50 each): a lead is looked up
// within minutes of its first attempt, when it is among the newest.
constexpr int look_up_pages = 5;

}  // namespace

attempt_result interpret(const reply& got, std::int64_t now_ms) {
  if (got.status == 0) {
    return {attempt_result::retry,
            "no answer from amoCRM (" + got.transport + "): " + got.transport_error, got.transport};
  }
  const auto code = std::to_string(got.status);
  if (got.status >= 200 && got.status < 300) return {attempt_result::delivered, {}, code};
  if (got.status == 401 || got.status == 403 || got.status == 402 || got.status == 404) {
    return {attempt_result::disabled,
            "amoCRM refused the integration (HTTP " + code + ": " + got.detail + ")", code};
  }
  if (got.status == 429) {
    attempt_result out{attempt_result::retry, "amoCRM's rate limit (" + got.detail + ")", code};
    const auto wait = delivery::retry_after_ms(got.retry_after, now_ms);
    out.retry_at = now_ms + wait.value_or(1000);
    return out;
  }
  if (got.status == 400 || got.status == 422) {
    return {attempt_result::failed, "amoCRM did not take the lead (" + got.detail + ")", code};
  }
  return {attempt_result::retry, "amoCRM: HTTP " + code + " (" + got.detail + ")", code};
}

lead_channel::lead_channel(channel_options options)
    : options_(std::move(options)), account_(options_.url, options_.token, options_.http) {}

std::optional<found_lead> lead_channel::find(const std::string& lead_id, std::int64_t created_s,
                                             const std::atomic<bool>& cancel,
                                             std::optional<reply>& failed) {
  for (int page = 1; page <= look_up_pages; ++page) {
    const auto got = account_.call("GET",
                                   "/api/v4/leads/unsorted?filter%5Bcategory%5D=forms&order%5B"
                                   "created_at%5D=desc&limit=50&page=" +
                                       std::to_string(page),
                                   {}, cancel);
    if (got.status == 204) return std::nullopt;  // no (more) incoming leads
    if (got.status < 200 || got.status >= 300) {
      failed = got;
      return std::nullopt;
    }
    const auto searched = search_page(got.body, lead_id, created_s);
    if (searched.found || searched.older) return searched.found;
  }
  return std::nullopt;
}

std::optional<std::int64_t> lead_channel::find_accepted(const std::string& lead_id,
                                                        const std::atomic<bool>& cancel,
                                                        std::optional<reply>& failed) {
  const auto got = account_.call("GET", "/api/v4/leads?limit=50&query=" + lead_id, {},
                                 cancel);  // ULID: no escaping
  if (got.status == 204) return std::nullopt;
  if (got.status < 200 || got.status >= 300) {
    failed = got;
    return std::nullopt;
  }
  return search_leads(got.body, lead_id);
}

attempt_result lead_channel::note(const storage::lead& item, std::int64_t lead_id, bool check,
                                  const std::string& chat_link, const std::atomic<bool>& cancel) {
  if (lead_id == 0) return {attempt_result::delivered, {}, "200 no lead to note"};
  const auto path = "/api/v4/leads/" + std::to_string(lead_id) + "/notes";
  if (check) {
    const auto notes =
        account_.call("GET", path + "?filter%5Bnote_type%5D=common&limit=250", {}, cancel);
    if (notes.status != 204 && (notes.status < 200 || notes.status >= 300)) {
      return interpret(notes, clock::now_ms());
    }
    if (notes.status != 204 && has_note(notes.body, item.id)) {
      return {attempt_result::delivered, {}, "200 found"};
    }
  }
  const auto added =
      account_.call("POST", "/api/v4/leads/notes",
                    note_body(lead_id, note_text(item, options_.site, chat_link)), cancel, true);
  return interpret(added, clock::now_ms());
}

attempt_result lead_channel::deliver(const storage::lead& item, bool test,
                                     const std::atomic<bool>& cancel,
                                     const std::string& chat_link) {
  const auto created_s = item.created_at / 1000;
  std::optional<reply> failed;
  auto found = find(item.id, created_s, cancel, failed);
  if (failed) return interpret(*failed, clock::now_ms());
  const bool earlier = found.has_value();
  if (!found) {
    // A manager may have accepted it between an attempt whose answer was lost and this one: it is
    // no longer an incoming lead, but a lead named with our id.
    const auto accepted = find_accepted(item.id, cancel, failed);
    if (failed) return interpret(*failed, clock::now_ms());
    if (accepted) return note(item, *accepted, true, chat_link, cancel);
    const auto added = account_.call("POST", "/api/v4/leads/unsorted/forms",
                                     form_body(item, options_.site, test), cancel, true);
    if (added.status < 200 || added.status >= 300) return interpret(added, clock::now_ms());
    found = added_incoming(added.body);
  }
  // The incoming lead is there: the note is what is left, checked first after an earlier one.
  return note(item, found->lead_id, earlier, chat_link, cancel);
}

attempt_result lead_channel::send(const storage::claimed_delivery& item,
                                  const std::atomic<bool>& cancel) {
  // Asked before the look-up: a fresh lead's chat message is usually a moment away.
  const auto link = options_.chat_link ? options_.chat_link(item.item, cancel) : std::nullopt;
  return deliver(item.item, false, cancel, link.value_or(""));
}

std::optional<std::int64_t> lead_channel::retry_delay_ms(int attempt, std::mt19937_64& random) {
  return delivery::retry_delay_ms(attempt, random);
}

delivery::erase_result lead_channel::erase_copy(const std::string& lead_id,
                                                const std::atomic<bool>& cancel) {
  using delivery::erase_result;
  std::optional<reply> failed;
  // The copy was queued at the erasure, within minutes of the lead's arrival or much later
  // (retention): the look-up reads the newest pages whatever its time.
  const auto found = find(lead_id, 0, cancel, failed);
  if (failed) return {erase_result::later, {}, interpret(*failed, clock::now_ms()).reason};
  const auto accepted_or_not = [&]() -> erase_result {
    const auto accepted = find_accepted(lead_id, cancel, failed);
    if (failed) return {erase_result::later, {}, interpret(*failed, clock::now_ms()).reason};
    if (!accepted)
      return {erase_result::done,
              "not found: neither an incoming lead nor a lead named with its id (declined, never "
              "arrived, or renamed by a manager)",
              {}};
    return {erase_result::failed,
            "a manager accepted it as lead #" + std::to_string(*accepted) +
                ", and API v4 cannot delete a lead: delete it in amoCRM by hand",
            {}};
  };
  if (!found) return accepted_or_not();
  const auto declined = account_.call("DELETE", "/api/v4/leads/unsorted/" + found->uid + "/decline",
                                      {}, cancel, true);
  if (declined.status >= 200 && declined.status < 300) {
    return {erase_result::done, "declined (gone from the incoming leads)", {}};
  }
  if (declined.status == 404) return accepted_or_not();  // accepted or declined meanwhile
  const auto why = interpret(declined, clock::now_ms());
  if (why.outcome == attempt_result::failed) return {erase_result::failed, why.reason, {}};
  return {erase_result::later, {}, why.reason};
}

}  // namespace landing::amocrm
