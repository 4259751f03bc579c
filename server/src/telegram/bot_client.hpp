#pragma once

#include <atomic>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

typedef void CURL;

namespace landing::telegram {

struct send_result {
  enum kind { delivered, retry_after, transient, permanent } outcome = transient;
  std::int64_t retry_after_s = 0;
  std::string reason;           // never contains the token
  std::int64_t message_id = 0;  // delivered: the message sendMessage made
  std::int64_t chat_id = 0;     // delivered by send_lead: the chat it went to
  // The group became a supergroup with this id (a 400 that names it): send there instead.
  std::int64_t migrate_to_chat_id = 0;
  // transient: the request went out whole or in part and no answer came back (a timeout, a
  // connection cut while waiting), so Telegram may have made the message. Telegram has no
  // idempotency key to ask it by; each caller decides what a resend would cost.
  bool outcome_unknown = false;
};

// What one Bot API call brought back: the outcome, and the answer's body for methods whose
// result matters (getUpdates).
struct call_answer {
  send_result outcome;
  std::string body;
};

// Calls Bot API methods over libcurl with JSON bodies. Texts go out plain, with no parse_mode, so
// nothing in a lead can turn into markup. One instance per thread (it keeps one curl handle for
// connection reuse).
class bot_client {
 public:
  bot_client(std::string api_base, std::string token,
             std::chrono::milliseconds timeout = std::chrono::seconds(10));
  bot_client(const bot_client&) = delete;
  bot_client& operator=(const bot_client&) = delete;
  ~bot_client();

  // Blocks at most the timeout (`timeout` when given, for a long poll); `cancel` aborts the
  // transfer early (shutdown).
  call_answer call(std::string_view method, const boost::json::object& body,
                   const std::atomic<bool>* cancel = nullptr,
                   std::chrono::milliseconds timeout = std::chrono::milliseconds(0));
  // The same as multipart/form-data with one file (sendPhoto, sendDocument): `fields` as text
  // parts, then the file.
  struct upload_file {
    std::string field;  // "photo", "document"
    std::string name;   // the file name the chat shows
    std::string content_type;
    std::string bytes;
  };
  call_answer upload(std::string_view method,
                     const std::vector<std::pair<std::string, std::string>>& fields,
                     const upload_file& file, const std::atomic<bool>* cancel = nullptr);

 private:
  // Sends the request the caller set up on curl_ (its body and headers) and reads the answer.
  call_answer perform(std::string_view method, const std::atomic<bool>* cancel,
                      std::chrono::milliseconds timeout);

  std::string base_;  // ".../bot<token>/"
  std::string token_;
  std::chrono::milliseconds timeout_;
  CURL* curl_;
};

// Numeric chat ids go out as numbers, channel usernames ("@name") as strings.
boost::json::value chat_id_value(std::string_view chat_id);

// Bounds on what the Bot API may send back. A 429 names its pause in retry_after; whatever number
// (or non-number) arrives there, the outbox pauses between these bounds.
inline constexpr std::int64_t retry_after_default_s = 5;
inline constexpr std::int64_t retry_after_min_s = 1;
inline constexpr std::int64_t retry_after_max_s = 3600;
inline constexpr std::size_t answer_max_bytes = std::size_t{64} * 1024;
inline constexpr std::size_t description_max = 300;

// Interprets an answer of the Bot API; separate from the transfer so tests need no socket.
send_result classify_answer(long http_status, std::string_view body);

}  // namespace landing::telegram
