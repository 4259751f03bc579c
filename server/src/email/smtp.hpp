#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

typedef void CURL;

namespace landing::email {

inline constexpr std::chrono::milliseconds smtp_timeout_default{30000};
// Connecting is a part of the whole timeout, capped so a dead host does not take all of it.
inline constexpr std::chrono::milliseconds smtp_connect_timeout_max{10000};

struct smtp_settings {
  std::string url;  // smtp://host:587 (STARTTLS required) or smtps://host:465
  std::string user;
  std::string password;
  std::string ca_file;  // trust this CA instead of the system's (tests, a private relay)
  std::chrono::milliseconds timeout = smtp_timeout_default;
};

// The SMTP URL the channel will use. Only these two schemes: smtp:// sends nothing until
// STARTTLS has made the connection private, smtps:// is TLS from the first byte. A user or
// password in the URL is refused (it would show in logs); they have settings of their own.
struct smtp_url {
  bool implicit_tls = false;  // smtps://
  std::string host;           // a name, an IPv4 address or a bracketed IPv6 one
  int port = 0;               // 0: the scheme's own (25 or 465)
};
struct parsed_smtp_url {
  std::optional<smtp_url> url;
  std::string error;  // when not: what is wrong, naming the option; never a password
};
parsed_smtp_url parse_smtp_url(std::string_view text);
// parse_smtp_url's error alone: empty when the URL is usable.
std::string check_smtp_url(std::string_view url);

struct smtp_result {
  enum kind { sent, transient, permanent } outcome = transient;
  long code = 0;       // the server's last reply code; 0 when none came
  std::string reason;  // for operators; never the password
  // sent: the recipients the server refused ("address: its reply"), while the others took it.
  std::vector<std::string> refused;
};

// How a transfer ended, as the outbox sees it (pure, so it is tested without a socket):
// `curl_code` is the CURLcode, `reply_code` CURLINFO_RESPONSE_CODE, `detail` the server's own
// words for a refusal, else curl's message. A 4xx reply is worth trying again; a 5xx to the
// envelope or the data is final for that message; no reply (connection, TLS, timeout), a server
// that will not start TLS and a refused login are tried again, since an operator can fix them
// and the lead should then arrive.
smtp_result classify(int curl_code, long reply_code, std::string_view detail);

// Sends messages over libcurl's SMTP with one handle, kept for its connection. The outbox
// worker and the alerts (another thread) share a client, so a send waits for the one before.
// A recipient the server refuses does not keep the message from the others: it is sent when at
// least one recipient is taken, and the refused ones are named in the result.
class smtp_client {
 public:
  explicit smtp_client(smtp_settings settings);
  smtp_client(const smtp_client&) = delete;
  smtp_client& operator=(const smtp_client&) = delete;
  ~smtp_client();

  // `from` and `to` are addr-specs (mailbox, envelope_recipients); `message` has CRLF line ends.
  // Gives up within the timeout, or soon after `cancel` is set.
  smtp_result send(const std::string& from, const std::vector<std::string>& to,
                   const std::string& message, const std::atomic<bool>& cancel);

 private:
  smtp_settings settings_;
  std::mutex mutex_;
  CURL* curl_;
};

}  // namespace landing::email
