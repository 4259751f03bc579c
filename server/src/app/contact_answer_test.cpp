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
    files.add("/en/form-unavailable.html", "<h1>en again</h1>");
    files.add("/ru/form-unavailable.html", "<h1>ru again</h1>");
    files.add("/en/form-needs-script.html", "<h1>en another way</h1>");
    files.add("/ru/form-needs-script.html", "<h1>ru another way</h1>");
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
  // Nothing stored (no primary for a moment): the page's script tries once more after it.
  EXPECT_EQ(contact_answer(files, of(kind::unavailable, false), "ru").header("Retry-After"),
            std::to_string(leads::unavailable_retry_after_s));
}

TEST_F(contact_answer_test, the_form_gets_pages_in_the_leads_language) {
  const auto thanks = contact_answer(files, of(kind::accepted, true, "en"), "ru");
  EXPECT_EQ(thanks.status, 303);
  EXPECT_EQ(thanks.header("Location"), "/en/thanks");
  EXPECT_EQ(thanks.header("Cache-Control"), "no-store");

  const auto refused = contact_answer(files, of(kind::invalid, true, "en"), "ru");
  EXPECT_EQ(refused.status, 422);
  EXPECT_EQ(refused.body(), "<h1>en error</h1>");
  // A studio that asks forms for a proof too: no field to mend, another way to write.
  auto unproven = of(kind::invalid, true, "ru");
  unproven.errors = {{"proof", "required"}, {"email", "invalid"}};
  const auto another_way = contact_answer(files, unproven, "en");
  EXPECT_EQ(another_way.status, 422);
  EXPECT_EQ(another_way.body(), "<h1>ru another way</h1>");

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
  const auto res = contact_answer(files, of(kind::malformed, true), "en");
  EXPECT_EQ(res.header("Content-Type").substr(0, 16), "application/json");
}

// No JSON for a visitor without JavaScript: a page in their language that asks them to send the
// lead again in a minute, as nothing of it was stored.
TEST_F(contact_answer_test, a_form_the_store_could_not_take_gets_a_page_asking_to_send_again) {
  for (const auto* locale : {"en", "ru"}) {
    const auto res = contact_answer(files, of(kind::unavailable, true, locale), "en");
    EXPECT_EQ(res.status, 503);
    EXPECT_EQ(res.body(), std::string("<h1>") + locale + " again</h1>");
    EXPECT_EQ(res.header("Retry-After"), "60");
  }
}

}  // namespace
}  // namespace landing::app
