// The digest through the real binary and a fake Bot API: the period missed before the start goes
// at start as text, chart and report, and not again after a restart; `digest preview` prints the
// same text and writes the chart, sending nothing; bad arguments get exit code 2.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <thread>

#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

class digest : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }
  std::unique_ptr<server_process> start(const std::string& log) {
    auto args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(args.end(), {"--digest", "daily", "--digest-tz", "Europe/Moscow"});
    return std::make_unique<server_process>(args, telegram_env(bot.base_url()), dir.path / log);
  }
  std::string db() const { return (dir.path / "leads.db").string(); }

  temp_dir dir;
  fake_bot_api bot;
};

TEST_F(digest, the_missed_digest_goes_at_start_once_as_text_chart_and_report) {
  {
    auto server = start("first.log");
    ASSERT_TRUE(bot.wait_for_calls("sendDocument", 1, 15s)) << server->output();
  }
  ASSERT_EQ(bot.calls("sendMessage").size(), 1U);
  const auto text =
      std::string(boost::json::parse(bot.calls("sendMessage")[0].body).at("text").as_string());
  EXPECT_EQ(text.rfind("Сводка за ", 0), 0U) << text;
  EXPECT_NE(text.find("Воронка"), std::string::npos);
  const auto photo = bot.calls("sendPhoto");
  ASSERT_EQ(photo.size(), 1U);
  EXPECT_NE(photo[0].body.find("name=\"photo\"; filename=\"digest-"), std::string::npos);
  EXPECT_NE(photo[0].body.find("\x89PNG"), std::string::npos);
  EXPECT_NE(photo[0].body.find("name=\"chat_id\"\r\n\r\n42\r\n"), std::string::npos);
  const auto document = bot.calls("sendDocument")[0].body;
  EXPECT_NE(document.find("filename=\"leads-report-"), std::string::npos);
  EXPECT_NE(document.find("<h2>Funnel</h2>"), std::string::npos);
  // The order the chat shows them in: text, chart, report.
  EXPECT_LT(bot.calls("sendMessage")[0].at, photo[0].at);

  // A restart finds the period sent and sends nothing.
  auto again = start("second.log");
  std::this_thread::sleep_for(2s);
  EXPECT_EQ(bot.calls("sendMessage").size(), 1U);
  EXPECT_EQ(bot.calls("sendPhoto").size(), 1U);

  // The preview says the same and writes the chart; nothing more reaches the chat.
  const auto image = dir.path / "preview.png";
  const auto preview = run_binary(
      {"--db", db(), "--digest", "daily", "digest", "preview", "--image", image.string()});
  EXPECT_EQ(preview.exit_code, 0) << preview.output;
  EXPECT_EQ(preview.output.rfind(text, 0), 0U) << preview.output;
  EXPECT_EQ(read_all(image).substr(1, 3), "PNG");
  EXPECT_EQ(bot.calls("sendMessage").size(), 1U);
}

// Whether the process has a library mapped whose file name holds `name`.
bool maps(int pid, const std::string& name) {
  return read_all("/proc/" + std::to_string(pid) + "/maps").find(name) != std::string::npos;
}

// librsvg and cairo, with the forty libraries they bring, are opened to draw a chart, not at
// every start (digest/rsvg_runtime.hpp): a server with no digest has none of them mapped, and one
// that has sent its chart has.
TEST_F(digest, the_charts_libraries_are_opened_only_to_draw_a_chart) {
  server_process plain(delivery_test_args((dir.path / "site").string(), db()),
                       telegram_env(bot.base_url()), dir.path / "plain.log");
  for (const auto* name : {"librsvg", "libcairo", "libpango", "libfontconfig"}) {
    EXPECT_FALSE(maps(plain.pid(), name)) << name;
  }
  auto server = start("digest.log");
  ASSERT_TRUE(bot.wait_for_calls("sendPhoto", 1, 15s)) << server->output();
  EXPECT_TRUE(maps(server->pid(), "librsvg-2.so")) << server->output();
  EXPECT_TRUE(maps(server->pid(), "libcairo.so")) << server->output();
}

TEST_F(digest, digest_send_sends_the_last_period_once_and_says_what_it_did) {
  run_binary({"--db", db(), "leads", "list"});  // makes the database
  const auto env = telegram_env(bot.base_url());
  const auto first = run_binary({"--db", db(), "--digest", "weekly", "digest", "send"}, env);
  EXPECT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("sent the digest of weekly "), std::string::npos) << first.output;
  EXPECT_EQ(bot.calls("sendMessage").size(), 1U);
  EXPECT_EQ(bot.calls("sendPhoto").size(), 1U);
  EXPECT_EQ(bot.calls("sendDocument").size(), 1U);
  const auto second = run_binary({"--db", db(), "--digest", "weekly", "digest", "send"}, env);
  EXPECT_EQ(second.exit_code, 0);
  EXPECT_NE(second.output.find("went to the chat already; nothing sent"), std::string::npos)
      << second.output;
  EXPECT_EQ(bot.calls("sendMessage").size(), 1U);
  // The daily digest is a period of its own; a chat that refuses it is named, exit code 1.
  bot.script({fake_bot_api::answer::bad_request});
  const auto refused = run_binary({"--db", db(), "--digest", "daily", "digest", "send"}, env);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("chat not found"), std::string::npos) << refused.output;
  const auto without = run_binary({"--db", db(), "digest", "send"}, {{"TELEGRAM_BOT_TOKEN", ""}});
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_NE(without.output.find("TELEGRAM_CHAT_ID"), std::string::npos) << without.output;
}

TEST_F(digest, bad_arguments_are_named_with_exit_code_2) {
  run_binary({"--db", db(), "leads", "list"});  // makes the database
  const auto period = run_binary({"--db", db(), "digest", "preview", "--period", "monthly"});
  EXPECT_NE(period.exit_code, 0);
  EXPECT_NE(period.output.find("--period"), std::string::npos) << period.output;
  const auto date = run_binary({"--db", db(), "digest", "preview", "--at", "30.11.2026"});
  EXPECT_EQ(date.exit_code, 2);
  EXPECT_NE(date.output.find("--at must be a date"), std::string::npos) << date.output;
  const auto zone = run_binary({"--db", db(), "--digest-tz", "Mars/Olympus", "digest", "preview"});
  EXPECT_NE(zone.exit_code, 0);
  EXPECT_NE(zone.output.find("Europe/Moscow"), std::string::npos) << zone.output;
  const auto folder = run_binary(
      {"--db", db(), "digest", "preview", "--image", (dir.path / "no/such/dir/x.png").string()});
  EXPECT_EQ(folder.exit_code, 2);
}

// A root file system without tzdata (a minimal container's): the zones' folder is an empty tmpfs
// in a mount namespace of the test's own. The server with the chat configured and the digest on
// refuses to start and says why, instead of crashing; with the digest off it starts; `digest
// preview` and `digest send` say the same and exit 2.
TEST_F(digest, without_a_time_zone_database_the_server_says_so_and_never_crashes) {
  const std::vector<std::string> no_tzdata{
      "unshare",
      "--mount",
      "--propagation",
      "private",
      "sh",
      "-c",
      R"(mount -t tmpfs tmpfs /usr/share/zoneinfo && exec "$0" "$@")"};
  run_binary({"--db", db(), "leads", "list"});  // makes the database
  auto args = delivery_test_args((dir.path / "site").string(), db());
  auto digest_on = args;
  digest_on.insert(digest_on.end(), {"--digest", "weekly"});  // in the default zone, Moscow
  const auto refused = run_binary(digest_on, telegram_env(bot.base_url()), no_tzdata);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("no time zone database"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("--digest-tz Europe/Moscow"), std::string::npos) << refused.output;
  const auto named =
      run_binary({"--db", db(), "--digest-tz", "Asia/Tokyo", "digest", "preview"}, {}, no_tzdata);
  EXPECT_EQ(named.exit_code, 2) << named.output;
  EXPECT_NE(named.output.find("install the tzdata package"), std::string::npos) << named.output;
  const auto preview = run_binary({"--db", db(), "digest", "preview"}, {}, no_tzdata);
  EXPECT_EQ(preview.exit_code, 2) << preview.output;
  EXPECT_NE(preview.output.find("no time zone database"), std::string::npos) << preview.output;
  const auto send =
      run_binary({"--db", db(), "digest", "send"}, telegram_env(bot.base_url()), no_tzdata);
  EXPECT_EQ(send.exit_code, 2) << send.output;
  EXPECT_NE(send.output.find("no time zone database"), std::string::npos) << send.output;
  // With the digest off, nothing needs a zone: it serves.
  args.insert(args.end(), {"--digest", "off"});
  server_process off(args, telegram_env(bot.base_url()), dir.path / "off.log", no_tzdata);
  EXPECT_EQ(http_call("GET", off.url("/healthz")).status, 200);
  off.terminate();
}

}  // namespace
}  // namespace landing::testing
