#include "email/lead_mail.hpp"

#include <cstdio>
#include <ctime>

#include "common/quote.hpp"
#include "common/utf8.hpp"
#include "email/mime.hpp"

namespace landing::email {
namespace {

struct labels {
  const char* subject;
  const char* name;
  const char* contact;
  const char* email;
  const char* message;
  const char* id;
  const char* time;
  const char* locale;
  const char* source;
};

const labels& labels_for(const std::string& locale) {
  static const labels ru{"Новая заявка: ", "Имя",   "Контакт", "Почта",   "Сообщение",
                         "Заявка",         "Время", "Язык",    "Источник"};
  static const labels en{"New lead: ", "Name", "Contact",  "Email", "Message",
                         "Lead",       "Time", "Language", "Source"};
  return locale == "ru" ? ru : en;
}

std::tm utc_time(std::int64_t unix_ms) {
  const std::time_t seconds = unix_ms / 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  return utc;
}

// RFC 5322 3.3, in English whatever the locale: "Tue, 14 Jul 2026 03:33:20 +0000".
std::string rfc5322_date(std::int64_t unix_ms) {
  static constexpr const char* days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto utc = utc_time(unix_ms);
  char text[64];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[utc.tm_wday],
                utc.tm_mday, months[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min,
                utc.tm_sec);
  return text;
}

std::string iso_8601(std::int64_t unix_ms) {
  const auto utc = utc_time(unix_ms);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// The first `count` code points; a stray byte counts as one.
std::string first_code_points(std::string_view text, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t taken = 0; taken < count && end < text.size(); ++taken) {
    end += std::max<std::size_t>(1, utf8::sequence_at(text.substr(end)));
  }
  return std::string(text.substr(0, end));
}

std::string addressing(const mail_settings& settings, std::int64_t now_ms) {
  return header_line("From", header_text::address(settings.from)) +
         header_line("To", header_text::addresses(settings.to)) +
         header_line("Date", header_text::unstructured(rfc5322_date(now_ms)));
}

// Base64 rather than quoted-printable: a Russian lead is almost all non-ASCII bytes, which
// quoted-printable triples (=D0=9D...) and base64 grows by a third, and base64 has no trailing
// space or long line for a relay to mangle.
std::string text_part(std::string_view text) {
  return header_line("MIME-Version", header_text::unstructured("1.0")) +
         header_line("Content-Type", header_text::unstructured("text/plain; charset=utf-8")) +
         header_line("Content-Transfer-Encoding", header_text::unstructured("base64")) + "\r\n" +
         base64_lines(canonical_text(text));
}

}  // namespace

std::string lead_message(const storage::lead& item, const mail_settings& settings,
                         std::int64_t now_ms) {
  const auto& say = labels_for(item.locale);
  const auto name = one_line(item.fields.name);
  std::string out = addressing(settings, now_ms);
  if (const auto visitor = mailbox::parse(item.fields.email)) {
    const auto shown = first_code_points(name, reply_name_max);
    out += header_line("Reply-To", header_text::named(shown, *visitor));
  }
  out += header_line("Message-ID", header_text::message_id(item.id, settings.site_domain));
  out += header_line("Subject", header_text::unstructured(
                                    say.subject + first_code_points(name, subject_name_max)));
  // The one-line fields go on one line each, so a name cannot draw a line of its own that reads
  // like another field.
  std::string body;
  body.append(say.name).append(": ").append(name).append("\n");
  body.append(say.contact).append(": ").append(one_line(item.fields.social)).append("\n");
  body.append(say.email).append(": ").append(one_line(item.fields.email)).append("\n");
  // The message quoted line by line, as in the chat: typed "Lead: …" lines cannot pass for the
  // server's own lines below it.
  body.append(say.message).append(":\n").append(quote(item.fields.message)).append("\n\n");
  body.append(say.id).append(": ").append(item.id).append("\n");
  body.append(say.time).append(": ").append(iso_8601(item.created_at)).append("\n");
  body.append(say.locale).append(": ").append(item.locale).append("\n");
  if (!item.source_class.empty()) {
    body.append(say.source).append(": ").append(item.source_class).append("\n");
  }
  return out + text_part(body);
}

std::string alert_message(const std::string& text, const mail_settings& settings,
                          std::int64_t now_ms) {
  std::string out = addressing(settings, now_ms);
  out += header_line("Message-ID", header_text::message_id("alert-" + std::to_string(now_ms),
                                                           settings.site_domain));
  out += header_line("Subject",
                     header_text::unstructured(first_code_points(one_line(text), reply_name_max)));
  return out + text_part(text + "\n");
}

std::string envelope_sender(const mail_settings& settings) { return settings.from.address(); }

std::vector<std::string> envelope_recipients(const mail_settings& settings) {
  std::vector<std::string> out;
  out.reserve(settings.to.size());
  for (const auto& each : settings.to) out.push_back(each.address());
  return out;
}

}  // namespace landing::email
