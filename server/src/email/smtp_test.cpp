#include "email/smtp.hpp"

#include <curl/curl.h>
#include <gtest/gtest.h>

namespace landing::email {
namespace {

TEST(smtp_url, takes_smtp_with_starttls_and_smtps_with_implicit_tls) {
  const auto starttls = parse_smtp_url("smtp://mail.example:587");
  ASSERT_TRUE(starttls.url) << starttls.error;
  EXPECT_FALSE(starttls.url->implicit_tls);
  EXPECT_EQ(starttls.url->host, "mail.example");
  EXPECT_EQ(starttls.url->port, 587);
  const auto implicit = parse_smtp_url("smtps://127.0.0.1:465/");
  ASSERT_TRUE(implicit.url) << implicit.error;
  EXPECT_TRUE(implicit.url->implicit_tls);
  EXPECT_EQ(implicit.url->host, "127.0.0.1");
  EXPECT_EQ(parse_smtp_url("smtp://[::1]:2525").url->host, "[::1]");
  EXPECT_EQ(parse_smtp_url("smtp://mail.example").url->port, 0) << "the scheme's own port";
  EXPECT_EQ(check_smtp_url("smtps://mail.example:465"), "");
}

TEST(smtp_url, refuses_other_schemes_credentials_and_anything_but_host_and_port) {
  for (const char* bad : {"",
                          "mail.example:587",
                          "http://mail.example",
                          "SMTP://mail.example",
                          "smtp+insecure://mail.example",
                          "file:///etc/passwd",
                          "smtp://",
                          "smtp://:587",
                          "smtp://mail.example:0",
                          "smtp://mail.example:65536",
                          "smtp://mail.example:58x",
                          "smtp://mail.example:",
                          "smtp://mail.example/ehlo.name",
                          "smtp://mail.example?x=1",
                          "smtp://mail example",
                          "smtp://mail.example\r\n:587",
                          "smtp://[::1",
                          "smtp://[]:25",
                          "smtp://[::1]x",
                          "smtp://user@mail.example"}) {
    const auto parsed = parse_smtp_url(bad);
    EXPECT_FALSE(parsed.url) << bad;
    EXPECT_TRUE(parsed.error.starts_with("--smtp-url")) << bad << ": " << parsed.error;
  }
  const auto secret = parse_smtp_url("smtp://studio:hunter2@mail.example:587");
  EXPECT_FALSE(secret.url);
  EXPECT_EQ(secret.error.find("hunter2"), std::string::npos) << "never the password";
}

TEST(smtp_answers, a_4xx_is_tried_again_and_a_5xx_is_final) {
  struct row {
    int curl;
    long reply;
    smtp_result::kind outcome;
  };
  for (const auto& [curl, reply, outcome] : std::vector<row>{
           {CURLE_OK, 250, smtp_result::sent},
           {CURLE_SEND_ERROR, 451, smtp_result::transient},          // RCPT: try later
           {CURLE_WEIRD_SERVER_REPLY, 421, smtp_result::transient},  // closing
           {CURLE_RECV_ERROR, 452, smtp_result::transient},          // out of storage
           {CURLE_WEIRD_SERVER_REPLY, 554, smtp_result::permanent},  // DATA refused
           {CURLE_SEND_ERROR, 550, smtp_result::permanent},          // no such user
           {CURLE_SEND_ERROR, 552, smtp_result::permanent},          // too big
       }) {
    const auto result = classify(curl, reply, "detail");
    EXPECT_EQ(result.outcome, outcome) << reply;
    EXPECT_EQ(result.code, reply);
    if (outcome != smtp_result::sent) {
      EXPECT_NE(result.reason.find("smtp " + std::to_string(reply)), std::string::npos);
    }
  }
}

TEST(smtp_answers, no_reply_tls_and_login_problems_are_tried_again_with_a_clear_reason) {
  for (const int curl :
       {CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_OPERATION_TIMEDOUT,
        CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_GOT_NOTHING}) {
    const auto result = classify(curl, 0, curl_easy_strerror(static_cast<CURLcode>(curl)));
    EXPECT_EQ(result.outcome, smtp_result::transient) << curl;
    EXPECT_EQ(result.reason, curl_easy_strerror(static_cast<CURLcode>(curl)));
  }
  const auto clear = classify(CURLE_USE_SSL_FAILED, 250, "STARTTLS not supported.");
  EXPECT_EQ(clear.outcome, smtp_result::transient) << "fixable by an operator, so kept";
  EXPECT_NE(clear.reason.find("nothing was sent in clear text"), std::string::npos);
  const auto login = classify(CURLE_LOGIN_DENIED, 535, "Login denied");
  EXPECT_EQ(login.outcome, smtp_result::transient);
  EXPECT_NE(login.reason.find("--smtp-user"), std::string::npos);
  EXPECT_EQ(classify(CURLE_SEND_ERROR, 530, "").outcome, smtp_result::transient)
      << "530: a login the settings did not give";
  EXPECT_EQ(classify(CURLE_ABORTED_BY_CALLBACK, 0, "").outcome, smtp_result::transient);
}

}  // namespace
}  // namespace landing::email
