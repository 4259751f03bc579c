#include "email/smtp.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

#include "common/redact.hpp"
#include "common/utf8.hpp"

namespace landing::email {
namespace {

constexpr std::size_t server_line_max = 200;

bool host_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.';
}

bool ipv6_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
         c == '.';
}

struct transfer {
  std::string_view unsent;
  std::string last_reply;  // the server's last line, for the reason when it refuses
  std::string rcpt;        // the recipient of the RCPT TO awaiting its reply
  std::vector<std::string> refused;
};

std::size_t read_message(char* buffer, std::size_t size, std::size_t count, void* data) {
  auto& state = *static_cast<transfer*>(data);
  const auto n = std::min(size * count, state.unsent.size());
  std::memcpy(buffer, state.unsent.data(), n);
  state.unsent.remove_prefix(n);
  return n;
}

// The server's lines are kept, and of the client's only which recipient a RCPT TO named: its
// other lines include AUTH and the credentials.
int keep_reply(CURL*, curl_infotype type, char* data, std::size_t size, void* state) {
  auto& kept = *static_cast<transfer*>(state);
  auto line = std::string_view(data, size);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (type == CURLINFO_HEADER_OUT) {
    kept.rcpt.clear();
    constexpr std::string_view rcpt_to = "RCPT TO:<";
    if (line.starts_with(rcpt_to) && line.ends_with('>')) {
      line.remove_prefix(rcpt_to.size());
      line.remove_suffix(1);
      kept.rcpt = utf8::printable(utf8::cut(line, server_line_max));
    }
    return 0;
  }
  if (type != CURLINFO_HEADER_IN) return 0;
  kept.last_reply = utf8::printable(utf8::cut(line, server_line_max));
  if (!kept.rcpt.empty() && (line.starts_with('4') || line.starts_with('5'))) {
    kept.refused.push_back(kept.rcpt + ": " + kept.last_reply);
  }
  // A reply of several lines ("250-…") ends with its last; a RCPT gets one.
  kept.rcpt.clear();
  return 0;
}

int progress(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const std::atomic<bool>*>(cancel)->load() ? 1 : 0;
}

}  // namespace

parsed_smtp_url parse_smtp_url(std::string_view text) {
  const auto refuse = [](std::string why) { return parsed_smtp_url{std::nullopt, std::move(why)}; };
  smtp_url out;
  if (text.starts_with("smtps://")) {
    out.implicit_tls = true;
  } else if (!text.starts_with("smtp://")) {
    return refuse("--smtp-url must be smtp://host:587 (STARTTLS) or smtps://host:465");
  }
  auto rest = text.substr(text.find("://") + 3);
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (rest.find('@') != std::string_view::npos) {
    return refuse("--smtp-url holds a user or password; use --smtp-user and a password file");
  }
  if (rest.starts_with('[')) {
    const auto close = rest.find(']');
    if (close == std::string_view::npos || close == 1 ||
        !std::all_of(rest.begin() + 1, rest.begin() + close, ipv6_char)) {
      return refuse("--smtp-url has a malformed IPv6 address");
    }
    out.host = std::string(rest.substr(0, close + 1));
    rest.remove_prefix(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) return refuse("--smtp-url: only host[:port]");
  } else {
    out.host = std::string(rest.substr(0, rest.find(':')));
    rest.remove_prefix(out.host.size());
    if (out.host.empty()) return refuse("--smtp-url has no host");
    if (!std::all_of(out.host.begin(), out.host.end(), host_char)) {
      return refuse("--smtp-url: only host[:port], the host a name or an address");
    }
  }
  if (rest.starts_with(':')) {
    const auto port = rest.substr(1);
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), out.port);
    if (error != std::errc() || end != port.data() + port.size() || out.port < 1 ||
        out.port > 65535) {
      return refuse("--smtp-url has a port that is not 1 to 65535");
    }
  }
  return {out, {}};
}

std::string check_smtp_url(std::string_view url) { return parse_smtp_url(url).error; }

smtp_result classify(int curl_code, long reply_code, std::string_view detail) {
  const auto with = [&](std::string why) {
    return detail.empty() ? why : why.append(": ").append(detail);
  };
  switch (curl_code) {
    case CURLE_OK:
      return {smtp_result::sent, reply_code, {}, {}};
    case CURLE_USE_SSL_FAILED:
      return {smtp_result::transient,
              reply_code,
              with("the server did not start TLS (STARTTLS), so nothing was sent in clear text"),
              {}};
    case CURLE_LOGIN_DENIED:
      return {smtp_result::transient,
              reply_code,
              with("login refused: check --smtp-user and the password"),
              {}};
    case CURLE_ABORTED_BY_CALLBACK:
      return {smtp_result::transient, reply_code, "cancelled: the server is stopping", {}};
    default:
      break;
  }
  const auto code = "smtp " + std::to_string(reply_code);
  // 530: the server wants a login it was not given, which is a setting, not the message.
  if (reply_code >= 500 && reply_code < 600 && reply_code != 530) {
    return {smtp_result::permanent, reply_code, with(code), {}};
  }
  if (reply_code >= 400 && reply_code < 600)
    return {smtp_result::transient, reply_code, with(code), {}};
  return {smtp_result::transient, reply_code, std::string(detail), {}};
}

smtp_client::smtp_client(smtp_settings settings)
    : settings_(std::move(settings)), curl_(curl_easy_init()) {}

smtp_client::~smtp_client() { curl_easy_cleanup(curl_); }

smtp_result smtp_client::send(const std::string& from, const std::vector<std::string>& to,
                              const std::string& message, const std::atomic<bool>& cancel) {
  const std::lock_guard lock(mutex_);
  if (curl_ == nullptr) return {smtp_result::transient, 0, "libcurl could not start", {}};
  transfer state{message, {}, {}, {}};
  char error_buffer[CURL_ERROR_SIZE] = {};
  curl_slist* recipients = nullptr;
  for (const auto& each : to)
    recipients = curl_slist_append(recipients, ("<" + each + ">").c_str());
  const auto mail_from = "<" + from + ">";
  const auto connect_limit = std::min(settings_.timeout, smtp_connect_timeout_max);
  // A reset keeps the connection cache: the next mail goes over the same session when it lasts.
  curl_easy_reset(curl_);
  curl_easy_setopt(curl_, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(curl_, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // smtp:// must upgrade with STARTTLS or send nothing; smtps:// is TLS from the first byte.
  curl_easy_setopt(curl_, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  if (!settings_.ca_file.empty())
    curl_easy_setopt(curl_, CURLOPT_CAINFO, settings_.ca_file.c_str());
  if (!settings_.user.empty()) {
    curl_easy_setopt(curl_, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(curl_, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  curl_easy_setopt(curl_, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT, recipients);
  // One mailbox gone (a colleague who left) must not keep the lead from the others. libcurl
  // 7.69 to 8.1 spell the option with three L's; 8.2 renamed it, keeping this name.
  curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT_ALLLOWFAILS, 1L);
  curl_easy_setopt(curl_, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl_, CURLOPT_READFUNCTION, read_message);
  curl_easy_setopt(curl_, CURLOPT_READDATA, &state);
  curl_easy_setopt(curl_, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  curl_easy_setopt(curl_, CURLOPT_VERBOSE, 1L);  // only to call keep_reply; nothing is printed
  curl_easy_setopt(curl_, CURLOPT_DEBUGFUNCTION, keep_reply);
  curl_easy_setopt(curl_, CURLOPT_DEBUGDATA, &state);
  curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, error_buffer);
  curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, static_cast<long>(settings_.timeout.count()));
  curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(connect_limit.count()));
  curl_easy_setopt(curl_, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl_, CURLOPT_XFERINFOFUNCTION, progress);
  curl_easy_setopt(curl_, CURLOPT_XFERINFODATA, &cancel);
  const auto code = curl_easy_perform(curl_);
  curl_slist_free_all(recipients);
  long reply = 0;
  curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &reply);
  // A refusal is told in the server's words ("4.3.0 try later"); anything else in curl's.
  std::string detail = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
  const auto code_text = std::to_string(reply);
  if (reply >= 400 && state.last_reply.starts_with(code_text)) {
    detail = state.last_reply.substr(std::min(code_text.size() + 1, state.last_reply.size()));
  }
  auto result = classify(code, reply, detail);
  if (result.outcome == smtp_result::sent) result.refused = std::move(state.refused);
  if (!settings_.password.empty())
    result.reason = redact(std::move(result.reason), settings_.password);
  return result;
}

}  // namespace landing::email
