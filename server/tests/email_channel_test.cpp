// Leads through the real binary's email channel (the outbox, its schedule, the delivery log) to a
// real SMTP receiver (Debian's aiosmtpd, server/testing/smtp_sink.py) over STARTTLS or implicit
// TLS with a certificate made for the test, beside a fake Bot API. tests/email_test.cpp checks
// the SMTP client and the message on their own.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <thread>

#include "child_process.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

std::string from_base64(std::string text) {
  std::string clean;
  for (const char c : text) {
    if (c != '\r' && c != '\n') clean += c;
  }
  std::string out(clean.size(), '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(clean.data()),
                                static_cast<int>(clean.size()));
  out.resize(static_cast<std::size_t>(n) - (clean.ends_with("==") ? 2 : clean.ends_with('=')));
  return out;
}

class email_channel : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    // A certificate for 127.0.0.1, made for this test and trusted through --smtp-ca-file.
    ASSERT_EQ(
        run_command({"openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                     "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                     (dir.path / "key.pem").string(), "-out", (dir.path / "cert.pem").string()}),
        0);
    write_file(dir.path / "password", "s3cret-pass\n");
  }

  void start_sink(std::vector<std::string> extra) {
    std::vector<std::string> argv{"/usr/bin/python3",
                                  (repository_root() / "server/testing/smtp_sink.py").string(),
                                  "--out",
                                  (dir.path / "mail").string(),
                                  "--cert",
                                  (dir.path / "cert.pem").string(),
                                  "--key",
                                  (dir.path / "key.pem").string(),
                                  "--auth",
                                  "studio:s3cret-pass",
                                  "--reply-script",
                                  (dir.path / "replies").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    sink = std::make_unique<child_process>(argv, dir.path / "sink.log");
  }

  std::unique_ptr<server_process> start(const std::string& scheme) {
    auto args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(
        args.end(),
        {"--rate-limit-burst", "100", "--smtp-url",
         scheme + "://127.0.0.1:" + std::to_string(sink->port()), "--smtp-user", "studio",
         "--smtp-password-file", (dir.path / "password").string(), "--smtp-ca-file",
         (dir.path / "cert.pem").string(), "--mail-from", "leads@studio.example", "--mail-to",
         "sales@studio.example,ceo@studio.example", "--origin", "https://studio.example"});
    return std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                            dir.path / "server.log");
  }

  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }

  std::string post(server_process& server, const std::string& name, const std::string& locale) {
    const auto reply =
        http_call("POST", server.url("/api/contact"), {"Content-Type: application/json"},
                  boost::json::serialize(boost::json::object{{"name", name},
                                                             {"social", "@anna_dev"},
                                                             {"email", "anna@example.com"},
                                                             {"message", "Нужен сайт\nк весне"},
                                                             {"locale", locale},
                                                             {"consent", test_consent_version}}));
    EXPECT_EQ(reply.status, 202) << reply.body;
    return std::string(boost::json::parse(reply.body).at("id").as_string());
  }

  bool wait_for_mail(int n, std::chrono::milliseconds limit = 10s) {
    for (int i = 0; i < limit / 50ms; ++i) {
      if (std::filesystem::exists(dir.path / "mail" / (std::to_string(n) + ".eml"))) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }
  std::string mail(int n) { return read_all(dir.path / "mail" / (std::to_string(n) + ".eml")); }
  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }

  temp_dir dir;
  fake_bot_api bot;
  std::unique_ptr<child_process> sink;
};

void expect_lead_mail(const std::string& message, const std::string& id) {
  EXPECT_NE(message.find("From: leads@studio.example\r\n"), std::string::npos) << message;
  EXPECT_NE(message.find("Reply-To: =?UTF-8?B?"), std::string::npos) << message;
  EXPECT_NE(message.find(" <anna@example.com>\r\n"), std::string::npos) << message;
  EXPECT_NE(message.find("Message-ID: <" + id + "@studio.example>\r\n"), std::string::npos);
  // «Новая заявка: Анна», encoded and decoded back.
  const auto subject = message.find("Subject: =?UTF-8?B?");
  ASSERT_NE(subject, std::string::npos) << message;
  const auto word = message.substr(subject + 19, message.find("?=", subject) - subject - 19);
  EXPECT_EQ(from_base64(word), "Новая заявка: Анна");
  const auto body = from_base64(message.substr(message.find("\r\n\r\n") + 4));
  EXPECT_NE(body.find("Сообщение:\r\n│ Нужен сайт\r\n│ к весне\r\n"), std::string::npos) << body;
  EXPECT_NE(body.find("Заявка: " + id), std::string::npos) << body;
  for (std::size_t i = 0; i < message.size(); ++i) {
    if (message[i] == '\n') {
      ASSERT_EQ(message[i - 1], '\r') << "a bare LF at " << i;
    }
  }
}

TEST_F(email_channel, a_lead_arrives_over_starttls_with_its_headers_and_cyrillic_intact) {
  start_sink({"--starttls"});
  auto server = start("smtp");
  const auto id = post(*server, "Анна", "ru");
  ASSERT_TRUE(wait_for_mail(1)) << server->output() << sink->output();
  expect_lead_mail(mail(1), id);
  const auto envelope = boost::json::parse(read_all(dir.path / "mail/1.json"));
  EXPECT_EQ(envelope.at("mail_from"), "leads@studio.example");
  EXPECT_EQ(envelope.at("rcpt_tos").as_array().size(), 2U);
  EXPECT_EQ(envelope.at("tls"), true);
  EXPECT_EQ(envelope.at("login"), "studio");
  ASSERT_TRUE(bot.wait_for(1, 5s)) << "and the chat has it too";
  const auto shown = read_until([&] { return show(id); }, {"  email\tdelivered\t1 attempts"});
  EXPECT_NE(shown.find("  email\tdelivered\t1 attempts"), std::string::npos) << shown;
}

TEST_F(email_channel, a_lead_arrives_over_implicit_tls) {
  start_sink({"--implicit-tls"});
  auto server = start("smtps");
  const auto id = post(*server, "Анна", "ru");
  ASSERT_TRUE(wait_for_mail(1)) << server->output() << sink->output();
  expect_lead_mail(mail(1), id);
}

TEST_F(email_channel, a_4xx_is_tried_again_and_a_5xx_is_final) {
  write_file(dir.path / "replies", "451 4.3.0 Try again later\n554 5.7.1 Rejected\n");
  start_sink({"--starttls"});
  auto server = start("smtp");
  const auto id = post(*server, "Анна", "ru");
  // 451 first: the lead waits for the schedule's 5 s (±20 %), then goes through.
  for (int i = 0; i < 100 && show(id).find("email\tpending\t1 attempts") == std::string::npos;
       ++i) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(show(id).find("smtp 451"), std::string::npos) << show(id);
  // The 554 meets the second lead, sent meanwhile: final for that one.
  const auto second = post(*server, "Борис", "ru");
  for (int i = 0; i < 100 && show(second).find("email\tfailed") == std::string::npos; ++i) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(show(second).find("email\tfailed\t1 attempts"), std::string::npos) << show(second);
  ASSERT_TRUE(wait_for_mail(1, 10s)) << server->output();
  EXPECT_NE(mail(1).find("Message-ID: <" + id + "@studio.example>"), std::string::npos);
  const auto shown = read_until([&] { return show(id); }, {"email\tdelivered\t2 attempts"});
  EXPECT_NE(shown.find("email\tdelivered\t2 attempts"), std::string::npos) << shown;
}

TEST_F(email_channel, a_server_without_starttls_gets_nothing_in_clear_text) {
  start_sink({});
  auto server = start("smtp");
  const auto id = post(*server, "Анна", "ru");
  for (int i = 0; i < 100 && show(id).find("email\tpending\t1 attempts") == std::string::npos;
       ++i) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(show(id).find("clear text"), std::string::npos) << show(id);
  EXPECT_FALSE(std::filesystem::exists(dir.path / "mail/1.eml"));
}

}  // namespace
}  // namespace landing::testing
