// POST /api/contact answers (contract/api-contact.md) and start-up behaviour of the binary.
#include <gtest/gtest.h>

#include "support.hpp"

namespace landing::testing {
namespace {

constexpr const char* valid_json =
    R"({"name":"Anna","social":"@anna_dev","email":"anna@example.com",)"
    R"("message":"We need a landing page.","locale":"en","website":""})";
constexpr const char* json_type = "Content-Type: application/json";
constexpr const char* form_type = "Content-Type: application/x-www-form-urlencoded";

class contact_api : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    server = std::make_unique<server_process>(
        std::vector<std::string>{"--site", (dir.path / "site").string(), "--db",
                                 (dir.path / "leads.db").string(), "--rate-limit-burst", "3",
                                 "--trust-proxy", "127.0.0.1/32"},
        std::map<std::string, std::string>{}, dir.path / "server.log");
  }
  http_reply post(const std::vector<std::string>& headers, const std::string& body) {
    return http_call("POST", server->url("/api/contact"), headers, body);
  }

  temp_dir dir;
  std::unique_ptr<server_process> server;
};

TEST_F(contact_api, accepts_a_valid_json_lead_with_a_ulid) {
  const auto reply = post({json_type, "Origin: " + server->url("")}, valid_json);
  EXPECT_EQ(reply.status, 202);
  EXPECT_EQ(reply.body.size(), std::string(R"({"id":""})").size() + 26);
  EXPECT_FALSE(reply.header("content-security-policy").empty());
}

TEST_F(contact_api, refuses_invalid_fields_with_codes) {
  const auto reply = post({json_type}, R"({"name":"A","social":"@anna_dev","email":"anna@example",)"
                                       R"("message":"Hi there","locale":"de","extra":"x"})");
  EXPECT_EQ(reply.status, 422);
  EXPECT_EQ(reply.body, R"({"errors":{"email":"invalid","extra":"unknown_field",)"
                        R"("locale":"invalid","name":"too_short"}})");
}

TEST_F(contact_api, refuses_cross_site_posts_and_other_media_types) {
  EXPECT_EQ(post({json_type, "Origin: https://evil.example"}, valid_json).status, 403);
  EXPECT_EQ(post({json_type, "Sec-Fetch-Site: cross-site"}, valid_json).status, 403);
  EXPECT_EQ(post({"Content-Type: text/plain"}, valid_json).status, 415);
  const auto bad = post({json_type}, "[1,2]");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body, R"({"errors":{"body":"invalid_json"}})");
}

TEST_F(contact_api, form_posts_get_pages_and_redirects) {
  const auto ok =
      post({form_type, "Sec-Fetch-Site: same-origin"},
           "name=Anna&social=%40anna_dev&email=anna%40example.com&message=Line+one%0D%0Atwo"
           "&locale=ru&website=");
  EXPECT_EQ(ok.status, 303);
  EXPECT_EQ(ok.header("location"), "/ru/thanks");
  const auto bad =
      post({form_type}, "name=A&social=%40anna_dev&email=x&message=Hi&locale=en&website=");
  EXPECT_EQ(bad.status, 422);
  EXPECT_NE(bad.body.find("error en"), std::string::npos);
}

TEST_F(contact_api, rate_limits_per_forwarded_client_with_retry_after) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(post({json_type, "X-Forwarded-For: 10.0.0.1"}, valid_json).status, 202);
  }
  const auto limited = post({json_type, "X-Forwarded-For: 10.0.0.1"}, valid_json);
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.body, R"({"error":"rate_limited"})");
  EXPECT_FALSE(limited.header("retry-after").empty());
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 10.0.0.2"}, valid_json).status, 202);
}

// A client's own X-Forwarded-For line once won over the one the proxy added, so a new made-up
// address per post slipped past the limit. Every line counts, and the proxy's entry is the last.
TEST_F(contact_api, rate_limits_by_the_proxy_entry_whatever_lines_the_client_adds) {
  for (int i = 0; i < 3; ++i) {
    const auto forged = "X-Forwarded-For: 192.0.2." + std::to_string(i);
    EXPECT_EQ(post({json_type, forged, "X-Forwarded-For: 10.0.0.7"}, valid_json).status, 202);
  }
  EXPECT_EQ(
      post({json_type, "X-Forwarded-For: 192.0.2.99", "X-Forwarded-For: 10.0.0.7"}, valid_json)
          .status,
      429);
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 192.0.2.98, 10.0.0.7"}, valid_json).status, 429);
}

TEST_F(contact_api, export_neutralises_formulas_a_visitor_wrote) {
  const auto reply =
      post({json_type}, R"json({"name":"=HYPERLINK(\"http://evil.example\",\"open\")",)json"
                        R"json("social":"+1 555 0100","email":"anna@example.com",)json"
                        R"json("message":"@SUM(1+1)*cmd|' /C calc'!A0","locale":"en",)json"
                        R"json("website":""})json");
  ASSERT_EQ(reply.status, 202) << reply.body;
  const auto csv =
      run_binary({"leads", "export", "--csv", "--db", (dir.path / "leads.db").string()}).output;
  EXPECT_NE(csv.find(R"csv("'=HYPERLINK(""http://evil.example"",""open"")")csv"), std::string::npos)
      << csv;
  EXPECT_NE(csv.find(R"("'+1 555 0100")"), std::string::npos) << csv;
  EXPECT_NE(csv.find(R"csv("'@SUM(1+1)*cmd|' /C calc'!A0")csv"), std::string::npos) << csv;
}

TEST_F(contact_api, stops_gracefully_on_sigterm) {
  EXPECT_EQ(post({json_type}, valid_json).status, 202);
  EXPECT_EQ(server->terminate(), 0);
  EXPECT_NE(server->output().find("\"event\":\"stopped\""), std::string::npos);
}

TEST(startup, bad_flags_and_unreadable_paths_exit_2_with_one_line) {
  const temp_dir dir;
  auto result = run_binary({"--no-such-flag"});
  EXPECT_EQ(result.exit_code, 2);
  result = run_binary(
      {"--site", (dir.path / "missing").string(), "--db", (dir.path / "leads.db").string()});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("missing"), std::string::npos);
  make_site(dir.path / "site");
  write_file(dir.path / "not-a-db", "this is not a database, just text that is long enough");
  result = run_binary({"--site", (dir.path / "site").string(), "--db",
                       (dir.path / "not-a-db").string(), "--listen", "127.0.0.1:0"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(run_binary({"--help"}).exit_code, 0);
}

}  // namespace
}  // namespace landing::testing
