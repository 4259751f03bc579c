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
           "&locale=ru&website=&consent=" +
               test_consent_version);
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
  // An IPv6 client is its /64: each lead from a fresh address of it is the same client.
  for (int i = 0; i < 3; ++i) {
    const auto client = "X-Forwarded-For: 2001:db8:9:9:" + std::to_string(i + 1) + "::1";
    EXPECT_EQ(post({json_type, client}, valid_json).status, 202);
  }
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 2001:db8:9:9:ffff::9"}, valid_json).status, 429);
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 2001:db8:9:a::1"}, valid_json).status, 202);
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

// 152-FZ: a Russian lead needs the consent checkbox ticked, with a version of the consent document
// the build showed; the record is kept with the lead.
class consent_api : public contact_api {
 protected:
  static std::string ru_json(const std::string& consent_field) {
    return R"({"name":"Анна","social":"@anna","email":"anna@example.ru","message":"Нужен сайт",)"
           R"("locale":"ru","website":"")" +
           consent_field + "}";
  }
  static std::string ru_form(const std::string& consent) {
    return "name=%D0%90%D0%BD%D0%BD%D0%B0&social=%40anna&email=anna%40example.ru&message=Hello+"
           "there&locale=ru&website=" +
           consent;
  }
};

TEST_F(consent_api, a_russian_lead_without_consent_or_with_an_unknown_version_is_refused) {
  const auto none = post({json_type}, ru_json(""));
  EXPECT_EQ(none.status, 422);
  EXPECT_EQ(none.body, R"({"errors":{"consent":"required"}})");
  EXPECT_EQ(post({json_type}, ru_json(R"(,"consent":"")")).body,
            R"({"errors":{"consent":"required"}})");
  const auto unknown = post({json_type}, ru_json(R"(,"consent":")" + std::string(64, 'd') + "\""));
  EXPECT_EQ(unknown.status, 422);
  EXPECT_EQ(unknown.body, R"({"errors":{"consent":"unknown_version"}})");
  EXPECT_EQ(post({json_type}, ru_json(R"(,"consent":true)")).body,
            R"({"errors":{"consent":"invalid"}})");
  // Without JavaScript: the form's error page, and nothing stored either way.
  const auto form = post({form_type, "Sec-Fetch-Site: same-origin"}, ru_form(""));
  EXPECT_EQ(form.status, 422);
  EXPECT_NE(form.body.find("error ru"), std::string::npos);
  EXPECT_EQ(post({form_type, "Sec-Fetch-Site: same-origin"}, ru_form("&consent=yes")).status, 422);
  server->terminate();
  server.reset();
  const auto listed = run_binary({"--db", (dir.path / "leads.db").string(), "leads", "list"});
  EXPECT_EQ(listed.output.find("Анна"), std::string::npos) << listed.output;
}

TEST_F(consent_api, a_ticked_consent_is_stored_with_the_lead_as_its_record) {
  const auto json = post({json_type}, ru_json(R"(,"consent":")" + test_consent_version + "\""));
  ASSERT_EQ(json.status, 202) << json.body;
  // A page loaded before the document changed still sends a version the build knows.
  EXPECT_EQ(post({json_type}, ru_json(R"(,"consent":")" + test_old_consent_version + "\"")).status,
            202);
  EXPECT_EQ(
      post({form_type, "Sec-Fetch-Site: same-origin"}, ru_form("&consent=" + test_consent_version))
          .status,
      303);
  const auto id = json.body.substr(7, 26);
  const auto shown =
      run_binary({"--db", (dir.path / "leads.db").string(), "leads", "show", id}).output;
  EXPECT_NE(shown.find("consent: " + test_consent_version), std::string::npos) << shown;
  EXPECT_NE(shown.find("locale: ru"), std::string::npos) << shown;
  // An English lead needs none, but one it sends must be known.
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 10.0.0.9"}, valid_json).status, 202);
  EXPECT_EQ(post({json_type, "X-Forwarded-For: 10.0.0.9"},
                 std::string(valid_json).insert(1, R"("consent":"x",)"))
                .status,
            422);
}

TEST(consent_start, refuses_to_start_when_the_site_has_no_consent_document_for_a_required_locale) {
  temp_dir dir;
  make_site(dir.path / "site");
  std::filesystem::remove(dir.path / "site" / ".consent.json");
  std::vector<std::string> args{"--site", (dir.path / "site").string(), "--db",
                                (dir.path / "leads.db").string()};
  auto serve = args;
  serve.insert(serve.end(), {"--listen", "127.0.0.1:0"});
  const auto refused = run_binary(serve);
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.output.find("--consent-required names ru"), std::string::npos)
      << refused.output;
  write_file(dir.path / "site" / ".consent.json", "{not json");
  EXPECT_NE(run_binary(serve).output.find("is not the build's consent file"), std::string::npos);
  std::filesystem::remove(dir.path / "site" / ".consent.json");
  // Told it needs none, it starts.
  args.insert(args.end(), {"--consent-required", "none"});
  server_process started(args, {}, dir.path / "server.log");
  EXPECT_EQ(http_call("GET", started.url("/healthz")).status, 200);
}

}  // namespace
}  // namespace landing::testing
