// The email room against a real SMTP receiver: Debian's aiosmtpd (server/testing/smtp_sink.py)
// over STARTTLS and implicit TLS, with a certificate made for each test and trusted through the
// CA file setting. What arrives is read back by Python's email package, a reader that is not
// ours. The outbox's use of these answers (retry on the schedule, final on 5xx) is tested with
// the channel; here each answer is what one send returns.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <cstdio>
#include <memory>

#include "child_process.hpp"
#include "email/lead_mail.hpp"
#include "email/smtp.hpp"
#include "support.hpp"
#include "temp_folder.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
using email::smtp_result;

constexpr const char* user = "studio";
constexpr const char* password = "s3cret-pass";

// How Python's email package reads a stored message: the decoded headers and body, and whether
// every line ends with CRLF.
constexpr const char* reader = R"py(
import email, email.policy, json, sys
raw = open(sys.argv[1], 'rb').read()
m = email.message_from_bytes(raw, policy=email.policy.default)
print(json.dumps({'from': str(m['From']), 'to': str(m['To']), 'reply_to': str(m['Reply-To']),
                  'message_id': str(m['Message-ID']), 'subject': str(m['Subject']),
                  'bcc': m['Bcc'] is not None,
                  'body': m.get_content(), 'headers': len(m.keys()), 'defects': len(m.defects),
                  'crlf_only': raw.count(b'\n') == raw.count(b'\r\n')
                               and raw.count(b'\r') == raw.count(b'\r\n')}))
)py";

std::string output_of(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  char buffer[4096];
  while (pipe && std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) out += buffer;
  return out;
}

storage::lead russian_lead() {
  storage::lead out;
  out.id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";
  out.created_at = 1'784'000'000'000;
  out.locale = "ru";
  out.fields = {"Анна", "@anna_dev", "anna@example.com", "Нужен сайт\nк весне"};
  return out;
}

class email_delivery : public ::testing::Test {
 protected:
  void SetUp() override {
    // A certificate for 127.0.0.1 made for this test: no private key in the repository for a
    // scanner to flag or anyone to reuse, and none to expire under the tests.
    ASSERT_EQ(run_command({"openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                           "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj",
                           "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                           "-keyout", dir.file("key.pem"), "-out", dir.file("cert.pem")}),
              0);
  }

  void start_sink(const std::vector<std::string>& mode) {
    std::vector<std::string> argv{"/usr/bin/python3",
                                  (repository_root() / "server/testing/smtp_sink.py").string(),
                                  "--out",
                                  dir.file("mail"),
                                  "--cert",
                                  dir.file("cert.pem"),
                                  "--key",
                                  dir.file("key.pem"),
                                  "--auth",
                                  std::string(user) + ":" + password,
                                  "--reply-script",
                                  dir.file("replies")};
    argv.insert(argv.end(), mode.begin(), mode.end());
    sink = std::make_unique<child_process>(argv, dir.path / "sink.log");
  }

  email::smtp_settings settings(const std::string& scheme, unsigned short port) {
    email::smtp_settings out;
    out.url = scheme + "://127.0.0.1:" + std::to_string(port);
    out.user = user;
    out.password = password;
    out.ca_file = dir.file("cert.pem");
    out.timeout = 10s;
    return out;
  }

  smtp_result send(const email::smtp_settings& smtp) { return send(smtp, running); }
  smtp_result send(const email::smtp_settings& smtp, const std::atomic<bool>& cancel,
                   const storage::lead& lead = russian_lead()) {
    const email::mail_settings mail{email::mailbox::parse("leads@studio.example").value(),
                                    {email::mailbox::parse("sales@studio.example").value(),
                                     email::mailbox::parse("ceo@studio.example").value()},
                                    "studio.example"};
    email::smtp_client client(smtp);
    return client.send(email::envelope_sender(mail), email::envelope_recipients(mail),
                       email::lead_message(lead, mail, 1'784'000'061'000), cancel);
  }

  [[nodiscard]] bool mail_arrived(int n) const {
    return std::filesystem::exists(dir.path / "mail" / (std::to_string(n) + ".eml"));
  }

  boost::json::object read_mail(int n) {
    write_file(dir.path / "reader.py", reader);
    return boost::json::parse(output_of("/usr/bin/python3 " + dir.file("reader.py") + " " +
                                        dir.file("mail/" + std::to_string(n) + ".eml")))
        .as_object();
  }

  boost::json::object envelope(int n) {
    return boost::json::parse(read_all(dir.path / "mail" / (std::to_string(n) + ".json")))
        .as_object();
  }

  temp_folder dir;
  std::unique_ptr<child_process> sink;
  const std::atomic<bool> running{false};  // the cancel flag, never set
};

void expect_the_lead(boost::json::object mail) {
  EXPECT_EQ(mail["from"], "leads@studio.example");
  EXPECT_EQ(mail["to"], "sales@studio.example, ceo@studio.example");
  EXPECT_EQ(mail["reply_to"], "Анна <anna@example.com>");
  EXPECT_EQ(mail["message_id"], "<01JD3Z6W8Q5N2R4T6V8X0Y2A4C@studio.example>");
  EXPECT_EQ(mail["subject"], "Новая заявка: Анна");
  // Base64 keeps the canonical CRLF line ends inside the body too.
  EXPECT_EQ(mail["body"],
            "Имя: Анна\r\nКонтакт: @anna_dev\r\nПочта: anna@example.com\r\n"
            "Сообщение:\r\n│ Нужен сайт\r\n│ к весне\r\n\r\n"
            "Заявка: 01JD3Z6W8Q5N2R4T6V8X0Y2A4C\r\nВремя: 2026-07-14T03:33:20Z\r\nЯзык: ru\r\n");
  EXPECT_EQ(mail["headers"], 9) << "From To Date Reply-To Message-ID Subject and three MIME";
  EXPECT_EQ(mail["defects"], 0);
  EXPECT_EQ(mail["crlf_only"], true) << "no bare CR or LF on the wire";
}

TEST_F(email_delivery, a_lead_arrives_over_starttls_with_its_headers_and_cyrillic_intact) {
  start_sink({"--starttls"});
  const auto sent = send(settings("smtp", sink->port()));
  ASSERT_EQ(sent.outcome, smtp_result::sent) << sent.reason << sink->output();
  EXPECT_EQ(sent.code, 250);
  ASSERT_TRUE(mail_arrived(1));
  expect_the_lead(read_mail(1));
  auto meta = envelope(1);
  EXPECT_EQ(meta["mail_from"], "leads@studio.example");
  EXPECT_EQ(meta["rcpt_tos"], (boost::json::array{"sales@studio.example", "ceo@studio.example"}));
  EXPECT_EQ(meta["tls"], true);
  EXPECT_EQ(meta["login"], user);
}

TEST_F(email_delivery, a_lead_arrives_over_implicit_tls) {
  start_sink({"--implicit-tls"});
  const auto sent = send(settings("smtps", sink->port()));
  ASSERT_EQ(sent.outcome, smtp_result::sent) << sent.reason << sink->output();
  ASSERT_TRUE(mail_arrived(1));
  expect_the_lead(read_mail(1));
  EXPECT_EQ(envelope(1)["tls"], true);
  EXPECT_EQ(envelope(1)["login"], user);
}

TEST_F(email_delivery, a_4xx_is_transient_and_the_same_mail_goes_on_the_next_try) {
  start_sink({"--starttls"});
  write_file(dir.path / "replies", "451 4.3.0 try later\n");
  const auto smtp = settings("smtp", sink->port());
  const auto first = send(smtp);
  EXPECT_EQ(first.outcome, smtp_result::transient) << first.reason;
  EXPECT_EQ(first.code, 451);
  EXPECT_NE(first.reason.find("4.3.0 try later"), std::string::npos) << first.reason;
  EXPECT_FALSE(mail_arrived(1));
  const auto second = send(smtp);
  ASSERT_EQ(second.outcome, smtp_result::sent) << second.reason;
  ASSERT_TRUE(mail_arrived(1));
  expect_the_lead(read_mail(1));
}

TEST_F(email_delivery, a_5xx_is_permanent) {
  start_sink({"--starttls"});
  write_file(dir.path / "replies", "554 5.7.1 rejected\n");
  const auto refused = send(settings("smtp", sink->port()));
  EXPECT_EQ(refused.outcome, smtp_result::permanent) << refused.reason;
  EXPECT_EQ(refused.code, 554);
  EXPECT_NE(refused.reason.find("5.7.1 rejected"), std::string::npos) << refused.reason;
  EXPECT_FALSE(mail_arrived(1));
}

// A mailbox that is gone (a colleague who left) does not keep the lead from the others: the mail
// goes to the recipients the server takes, and the refused one is named for the operator. When
// the server takes none, the refusal is the message's.
TEST_F(email_delivery, a_refused_recipient_keeps_the_lead_from_no_other_one) {
  start_sink({"--starttls", "--refuse-rcpt", "ceo@studio.example"});
  const auto sent = send(settings("smtp", sink->port()));
  EXPECT_EQ(sent.outcome, smtp_result::sent) << sent.reason;
  ASSERT_EQ(sent.refused.size(), 1U);
  EXPECT_EQ(sent.refused[0], "ceo@studio.example: 550 5.1.1 no such mailbox");
  ASSERT_TRUE(mail_arrived(1));
  EXPECT_EQ(envelope(1)["rcpt_tos"], boost::json::array({"sales@studio.example"}));
  expect_the_lead(read_mail(1));
}

TEST_F(email_delivery, a_server_that_takes_no_recipient_refuses_the_message) {
  start_sink({"--starttls", "--refuse-rcpt", "ceo@studio.example", "--refuse-rcpt",
              "sales@studio.example"});
  const auto refused = send(settings("smtp", sink->port()));
  EXPECT_EQ(refused.outcome, smtp_result::permanent) << refused.reason;
  EXPECT_EQ(refused.code, 550);
  EXPECT_TRUE(refused.refused.empty());
  EXPECT_FALSE(mail_arrived(1));
}

TEST_F(email_delivery, a_hostile_name_and_address_reach_no_one_else) {
  start_sink({"--starttls"});
  auto lead = russian_lead();
  lead.fields.name = "Анна\r\nBcc: victim@evil.test\r\n\r\nforged body";
  lead.fields.email = "anna@example.com\r\nBcc: victim@evil.test";
  const auto sent = send(settings("smtp", sink->port()), running, lead);
  ASSERT_EQ(sent.outcome, smtp_result::sent) << sent.reason;
  ASSERT_TRUE(mail_arrived(1));
  auto mail = read_mail(1);
  EXPECT_EQ(mail["bcc"], false);
  EXPECT_EQ(mail["headers"], 8) << "the nine less Reply-To, which that address cannot fill";
  EXPECT_EQ(mail["subject"], "Новая заявка: Анна Bcc: victim@evil.test forged body");
  EXPECT_EQ(envelope(1)["rcpt_tos"],
            (boost::json::array{"sales@studio.example", "ceo@studio.example"}));
}

// Transient, not permanent: the lead is not at fault, and once an operator fixes the server
// (or moves to smtps://) the retries deliver it. Either way nothing crosses in clear text.
TEST_F(email_delivery, a_server_without_starttls_gets_nothing_in_clear_text) {
  start_sink({});
  const auto refused = send(settings("smtp", sink->port()));
  EXPECT_EQ(refused.outcome, smtp_result::transient) << refused.reason;
  EXPECT_NE(refused.reason.find("nothing was sent in clear text"), std::string::npos)
      << refused.reason;
  EXPECT_FALSE(mail_arrived(1));
  EXPECT_EQ(sink->output().find("\"data\""), std::string::npos) << "no DATA reached the sink";
}

TEST_F(email_delivery,
       an_untrusted_certificate_or_a_wrong_password_sends_nothing_and_names_no_secret) {
  start_sink({"--starttls"});
  ASSERT_EQ(run_command({"openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                         "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj",
                         "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                         dir.file("other-key.pem"), "-out", dir.file("other.pem")}),
            0);
  auto untrusted = settings("smtp", sink->port());
  untrusted.ca_file = dir.file("other.pem");  // another certificate for the same address
  EXPECT_EQ(send(untrusted).outcome, smtp_result::transient);
  auto wrong = settings("smtp", sink->port());
  wrong.password = "wrong-pass-9f2c";
  const auto denied = send(wrong);
  EXPECT_EQ(denied.outcome, smtp_result::transient) << denied.reason;
  EXPECT_NE(denied.reason.find("login refused"), std::string::npos) << denied.reason;
  EXPECT_EQ(denied.reason.find("wrong-pass-9f2c"), std::string::npos) << denied.reason;
  EXPECT_FALSE(mail_arrived(1));
}

TEST_F(email_delivery, a_server_that_never_answers_is_given_up_on_at_the_timeout) {
  // Listening but never accepting: the connection opens and no greeting ever comes.
  const int quiet = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  ASSERT_EQ(::bind(quiet, reinterpret_cast<sockaddr*>(&address), size), 0);
  ASSERT_EQ(::listen(quiet, 8), 0);
  ASSERT_EQ(::getsockname(quiet, reinterpret_cast<sockaddr*>(&address), &size), 0);
  auto smtp = settings("smtp", ntohs(address.sin_port));
  smtp.timeout = 1s;
  const auto started = std::chrono::steady_clock::now();
  const auto result = send(smtp);
  EXPECT_EQ(result.outcome, smtp_result::transient) << result.reason;
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  const std::atomic<bool> stopping{true};
  smtp.timeout = 30s;
  const auto cancelled = send(smtp, stopping);
  EXPECT_EQ(cancelled.outcome, smtp_result::transient);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 10s) << "the cancel flag is heeded";
  ::close(quiet);
}

}  // namespace
}  // namespace landing::testing
