#pragma once

// The fixture of the Bitrix24 channel's tests: a fake portal written from Bitrix24's REST
// documentation (e2e/receivers/bitrix24.mjs), a fake Bot API and the real binary.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <thread>

#include "bitrix24/channel.hpp"
#include "child_process.hpp"
#include "support.hpp"

namespace landing::testing {

inline constexpr const char* code = "k3y5ecr3tc0de";

// The studio's chat as a supergroup (its messages have links, which the CRMs' copies carry),
// and the link the lead's message `message_id` has there.
inline std::map<std::string, std::string> supergroup_env(const std::string& api_base) {
  auto env = telegram_env(api_base);
  env["TELEGRAM_CHAT_ID"] = "-1001234567890";
  return env;
}
inline std::string message_link(std::int64_t message_id) {
  return "https://t.me/c/1234567890/" + std::to_string(message_id);
}

inline std::string russian_lead(const std::string& name) {
  return boost::json::serialize(boost::json::object{{"name", name},
                                                    {"social", "@anna_dev"},
                                                    {"email", "anna@example.com"},
                                                    {"message", "Нужен сайт"},
                                                    {"locale", "ru"},
                                                    {"consent", test_consent_version},
                                                    {"source",
                                                     {{"utm_source", "yandex"},
                                                      {"utm_medium", "cpc"},
                                                      {"utm_campaign", "осень"},
                                                      {"referrer", "ya.ru"},
                                                      {"landing", "/ru"},
                                                      {"locale", "ru"},
                                                      {"at", 1790000000000}}}});
}

// Sends russian_lead(name) through the form's endpoint; the lead's id from the 202.
inline std::string post_russian_lead(server_process& server, const std::string& name) {
  const auto reply = http_call("POST", server.url("/api/contact"),
                               {"Content-Type: application/json"}, russian_lead(name));
  EXPECT_EQ(reply.status, 202) << reply.body;
  return std::string(boost::json::parse(reply.body).at("id").as_string());
}

inline std::string text(const boost::json::value& value, const char* key) {
  const auto* found = value.as_object().if_contains(key);
  return found && found->is_string() ? std::string(found->as_string()) : std::string();
}

class bitrix24 : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    portal = std::make_unique<child_process>(
        std::vector<std::string>{"node",
                                 (repository_root() / "e2e/receivers/bitrix24.mjs").string(),
                                 "--port", "0", "--user", "1", "--code", code},
        dir.path / "portal.log");
    write_file(webhook_file(),
               "http://127.0.0.1:" + std::to_string(portal->port()) + "/rest/1/" + code + "/\n");
  }

  [[nodiscard]] std::string webhook_file() const { return (dir.path / "bitrix24").string(); }
  [[nodiscard]] std::string control(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(portal->port()) + "/_control/" + path;
  }
  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }
  // The channel as the server makes it, for the erasure's passes run in this process.
  [[nodiscard]] landing::bitrix24::channel_options crm_settings() const {
    landing::bitrix24::channel_options out;
    out.http.allowed = {true, "--bitrix24-allow-private"};
    out.http.max_body = std::size_t{64} * 1024;
    out.url = landing::bitrix24::parse_webhook_url(read_all(webhook_file()), out.http.allowed);
    out.site = "mintline.studio";
    return out;
  }

  std::unique_ptr<server_process> start(std::vector<std::string> extra = {}) {
    auto args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(args.end(),
                {"--rate-limit-burst", "100", "--origin", "https://mintline.studio",
                 "--bitrix24-webhook-file", webhook_file(), "--bitrix24-allow-private"});
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<server_process>(args, supergroup_env(bot.base_url()),
                                            dir.path / "server.log");
  }

  std::string post(server_process& server, const std::string& name) {
    return post_russian_lead(server, name);
  }

  boost::json::array list(const std::string& what) {
    return boost::json::parse(http_call("GET", control(what)).body).as_array();
  }
  bool wait_for(const std::string& what, std::size_t n,
                std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    for (int i = 0; i < limit / std::chrono::milliseconds(50); ++i) {
      if (list(what).size() >= n) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }
  void send_control(const std::string& path, const std::string& json = "{}") {
    const auto reply = http_call("POST", control(path), {"Content-Type: application/json"}, json);
    ASSERT_EQ(reply.status, 200) << reply.body;
  }
  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }

  temp_dir dir;
  fake_bot_api bot;
  std::unique_ptr<child_process> portal;
};

}  // namespace landing::testing
