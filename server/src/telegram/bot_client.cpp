#include "telegram/bot_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>
#include <cmath>

#include "common/redact.hpp"
#include "common/utf8.hpp"

namespace landing::telegram {
namespace {

// Returning less than given makes curl abort the transfer (CURLE_WRITE_ERROR): an answer larger
// than any the Bot API sends is not read to its end.
std::size_t collect(char* data, std::size_t size, std::size_t count, void* out) {
  auto& body = *static_cast<std::string*>(out);
  const std::size_t bytes = size * count;
  if (body.size() + bytes > answer_max_bytes) return 0;
  body.append(data, bytes);
  return bytes;
}

int progress(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto* flag = static_cast<const std::atomic<bool>*>(cancel);
  return flag && flag->load() ? 1 : 0;
}

}  // namespace

boost::json::value chat_id_value(std::string_view chat_id) {
  long long number = 0;
  const auto* end = chat_id.data() + chat_id.size();
  const auto [ptr, ec] = std::from_chars(chat_id.data(), end, number);
  if (ec == std::errc() && ptr == end) return number;
  return boost::json::string(chat_id);
}

std::int64_t retry_after_seconds(const boost::json::object* answer) {
  const auto* params = answer ? answer->if_contains("parameters") : nullptr;
  const auto* after =
      params && params->is_object() ? params->as_object().if_contains("retry_after") : nullptr;
  if (!after) return retry_after_default_s;
  // Read as a double whatever JSON number it is (1.5, 1e300, 2^64 - 1), so nothing throws and
  // nothing overflows; clamping happens before any conversion back to an integer.
  double seconds = 0;
  if (after->is_int64()) {
    seconds = static_cast<double>(after->as_int64());
  } else if (after->is_uint64()) {
    seconds = static_cast<double>(after->as_uint64());
  } else if (after->is_double()) {
    seconds = after->as_double();
  } else {
    return retry_after_default_s;
  }
  if (!std::isfinite(seconds)) return retry_after_max_s;
  seconds = std::ceil(std::clamp(seconds, static_cast<double>(retry_after_min_s),
                                 static_cast<double>(retry_after_max_s)));
  return static_cast<std::int64_t>(seconds);
}

namespace {

// An integer field of an object inside the answer ("result", "parameters"); 0 when absent.
std::int64_t nested_integer(const boost::json::object* answer, std::string_view inner,
                            std::string_view key) {
  const auto* outer = answer ? answer->if_contains(inner) : nullptr;
  const auto* value = outer && outer->is_object() ? outer->as_object().if_contains(key) : nullptr;
  return value && value->is_int64() ? value->as_int64() : 0;
}

}  // namespace

send_result classify_answer(long http_status, std::string_view body) {
  boost::system::error_code ec;
  const auto answer = boost::json::parse(body, ec);
  const auto* object = !ec && answer.is_object() ? &answer.as_object() : nullptr;
  std::string description;
  if (object) {
    if (const auto* text = object->if_contains("description"); text && text->is_string()) {
      // A description is Telegram's prose; an answer stuffed with megabytes of it is not.
      description = std::string(utf8::cut(text->as_string(), description_max));
    }
  }
  const auto reason = "http " + std::to_string(http_status) +
                      (description.empty() ? std::string() : ": " + description);
  if (http_status == 200) {
    const auto* ok = object ? object->if_contains("ok") : nullptr;
    if (ok && ok->is_bool() && ok->as_bool()) {
      send_result out{send_result::delivered, 0, {}};
      out.message_id = nested_integer(object, "result", "message_id");
      return out;
    }
    return {send_result::transient, 0, "http 200 without ok"};
  }
  if (http_status == 429) return {send_result::retry_after, retry_after_seconds(object), reason};
  // An edit that would change nothing: the message already says what it should.
  if (http_status == 400 && description.find("message is not modified") != std::string::npos) {
    return {send_result::delivered, 0, {}};
  }
  if (const auto moved = nested_integer(object, "parameters", "migrate_to_chat_id");
      http_status == 400 && moved != 0) {
    send_result out{send_result::permanent, 0, reason};
    out.migrate_to_chat_id = moved;
    return out;
  }
  // The request itself is wrong (chat gone, bot blocked, bad token): retrying cannot help.
  if (http_status == 400 || http_status == 401 || http_status == 403 || http_status == 404) {
    return {send_result::permanent, 0, reason};
  }
  return {send_result::transient, 0, reason};
}

bot_client::bot_client(std::string api_base, std::string token, std::chrono::milliseconds timeout)
    : token_(std::move(token)), timeout_(timeout) {
  while (!api_base.empty() && api_base.back() == '/') api_base.pop_back();
  base_ = api_base + "/bot" + token_ + "/";
  curl_ = curl_easy_init();
}

bot_client::~bot_client() { curl_easy_cleanup(curl_); }

call_answer bot_client::call(std::string_view method, const boost::json::object& body,
                             const std::atomic<bool>* cancel, std::chrono::milliseconds timeout) {
  if (!curl_) return {{send_result::transient, 0, "curl unavailable"}, {}};
  const auto payload = boost::json::serialize(body);
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  headers = curl_slist_append(headers, "Expect:");
  curl_easy_reset(curl_);
  curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, payload.c_str());
  curl_easy_setopt(curl_, CURLOPT_POSTFIELDSIZE, static_cast<long>(payload.size()));
  auto answer = perform(method, cancel, timeout);
  curl_slist_free_all(headers);
  return answer;
}

call_answer bot_client::upload(std::string_view method,
                               const std::vector<std::pair<std::string, std::string>>& fields,
                               const upload_file& file, const std::atomic<bool>* cancel) {
  if (!curl_) return {{send_result::transient, 0, "curl unavailable"}, {}};
  curl_easy_reset(curl_);
  curl_mime* form = curl_mime_init(curl_);
  for (const auto& [name, value] : fields) {
    auto* part = curl_mime_addpart(form);
    curl_mime_name(part, name.c_str());
    curl_mime_data(part, value.data(), value.size());
  }
  auto* part = curl_mime_addpart(form);
  curl_mime_name(part, file.field.c_str());
  curl_mime_filename(part, file.name.c_str());
  curl_mime_type(part, file.content_type.c_str());
  curl_mime_data(part, file.bytes.data(), file.bytes.size());
  curl_slist* headers = curl_slist_append(nullptr, "Expect:");
  curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl_, CURLOPT_MIMEPOST, form);
  auto answer = perform(method, cancel, std::chrono::milliseconds(0));
  curl_slist_free_all(headers);
  curl_mime_free(form);
  return answer;
}

call_answer bot_client::perform(std::string_view method, const std::atomic<bool>* cancel,
                                std::chrono::milliseconds timeout) {
  const auto url = base_ + std::string(method);
  const auto limit = timeout.count() > 0 ? timeout : timeout_;
  std::string answer;
  char error_buffer[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &answer);
  curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, error_buffer);
  curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, static_cast<long>(limit.count()));
  curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl_, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl_, CURLOPT_XFERINFOFUNCTION, progress);
  curl_easy_setopt(curl_, CURLOPT_XFERINFODATA, cancel);
  curl_easy_setopt(curl_, CURLOPT_PROTOCOLS_STR, "http,https");
  const CURLcode code = curl_easy_perform(curl_);
  if (code != CURLE_OK) {
    std::string reason = curl_easy_strerror(code);
    if (error_buffer[0] != '\0') reason += std::string(": ") + error_buffer;
    send_result failed{send_result::transient, 0, redact(std::move(reason), token_)};
    // Bytes of the request went out: it may have reached Telegram, only the answer is missing.
    // (A refused connection, an unknown host or a cancel before sending sent none.)
    long request_bytes = 0;
    curl_easy_getinfo(curl_, CURLINFO_REQUEST_SIZE, &request_bytes);
    failed.outcome_unknown = request_bytes > 0;
    return {std::move(failed), {}};
  }
  long status = 0;
  curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &status);
  auto result = classify_answer(status, answer);
  result.reason = redact(std::move(result.reason), token_);
  return {std::move(result), std::move(answer)};
}

}  // namespace landing::telegram
