#include "app/contact_answer.hpp"

#include <gtest/gtest.h>

namespace landing::app {
namespace {

using outcome = leads::contact_outcome;
using kind = outcome::kind;

class contact_answer_test : public ::testing::Test {
 protected:
  void SetUp() override {
    files.add("/en/form-error.html", "<h1>en error</h1>");
    files.add("/ru/form-error.html", "<h1>ru error</h1>");
  }
  static outcome of(kind what, bool form, std::string locale = "en") {
    outcome out;
    out.what = what;
    out.form = form;
    out.locale = std::move(locale);
    return out;
  }
  site::site files;
};

TEST_F(contact_answer_test, the_script_gets_the_contracts_json_for_every_outcome) {
  auto accepted = of(kind::accepted, false);
  accepted.id = "01JABCDEFGHJKMNPQRSTVWXYZ0";
  auto invalid = of(kind::invalid, false);
  invalid.errors = {{"email", "invalid"}};
  auto limited = of(kind::rate_limited, false);
  limited.retry_after_s = 42;
  const std::vector<std::pair<outcome, unsigned>> cases{
      {accepted, 202},
      {invalid, 422},
      {of(kind::malformed, false), 400},
      {limited, 429},
      {of(kind::cross_site, false), 403},
      {of(kind::unsupported_media, false), 415},
      {of(kind::unavailable, false), 503},
  };
  for (const auto& [each, status] : cases) {
    const auto res = contact_answer(files, each, "ru");
    EXPECT_EQ(res.status, status);
    EXPECT_EQ(res.header("Content-Type").substr(0, 16), "application/json") << status;
  }
  EXPECT_EQ(contact_answer(files, accepted, "ru").body(), R"({"id":"01JABCDEFGHJKMNPQRSTVWXYZ0"})");
  EXPECT_EQ(contact_answer(files, invalid, "ru").body(), R"({"errors":{"email":"invalid"}})");
  EXPECT_EQ(contact_answer(files, limited, "ru").header("Retry-After"), "42");
}

TEST_F(contact_answer_test, the_form_gets_pages_in_the_leads_language) {
  const auto thanks = contact_answer(files, of(kind::accepted, true, "en"), "ru");
  EXPECT_EQ(thanks.status, 303);
  EXPECT_EQ(thanks.header("Location"), "/en/thanks");
  EXPECT_EQ(thanks.header("Cache-Control"), "no-store");

  const auto refused = contact_answer(files, of(kind::invalid, true, "en"), "ru");
  EXPECT_EQ(refused.status, 422);
  EXPECT_EQ(refused.body(), "<h1>en error</h1>");

  auto limited = of(kind::rate_limited, true, "ru");
  limited.retry_after_s = 60;
  const auto slow_down = contact_answer(files, limited, "en");
  EXPECT_EQ(slow_down.status, 429);
  EXPECT_EQ(slow_down.body(), "<h1>ru error</h1>");
  EXPECT_EQ(slow_down.header("Retry-After"), "60");
}

TEST_F(contact_answer_test, a_form_in_no_site_language_is_answered_in_the_visitors) {
  const auto res = contact_answer(files, of(kind::invalid, true, ""), "ru");
  EXPECT_EQ(res.status, 422);
  EXPECT_EQ(res.body(), "<h1>ru error</h1>");
  EXPECT_EQ(contact_answer(files, of(kind::accepted, true, ""), "en").header("Location"),
            "/en/thanks");
}

TEST_F(contact_answer_test, a_form_whose_post_failed_before_a_decision_gets_json) {
  for (const auto what : {kind::malformed, kind::unavailable}) {
    const auto res = contact_answer(files, of(what, true), "en");
    EXPECT_EQ(res.header("Content-Type").substr(0, 16), "application/json");
  }
}

}  // namespace
}  // namespace landing::app
