#pragma once

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "postgres.hpp"
#include "support.hpp"

// The real server on either engine (the test's parameter: "sqlite" or "postgres") with a fake
// Bot API, for the tests that post leads and then ask the leads commands about them. SQLite's
// file sits in a folder of its own, so its -wal and -shm are the folder's only other files.
namespace landing::testing {

class engine_fixture : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    if (GetParam() == "sqlite") {
      std::filesystem::create_directories(dir.path / "db");
      db = (dir.path / "db" / "leads.db").string();
    } else {
      db = postgres_server::shared().new_database();
    }
  }
  void TearDown() override {
    if (server) server->terminate();
  }
  void start(std::vector<std::string> extra = {}) {
    auto args = delivery_test_args((dir.path / "site").string(), db);
    args.insert(args.end(), {"--rate-limit-burst", "1000", "--debug"});
    args.insert(args.end(), extra.begin(), extra.end());
    server = std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                              dir.path / "server.log");
  }
  // A JSON lead, which must be accepted; its id.
  std::string post_lead(const std::string& body) {
    const auto reply =
        http_call("POST", server->url("/api/contact"),
                  {"Content-Type: application/json", "Origin: " + server->url("")}, body);
    EXPECT_EQ(reply.status, 202) << reply.body;
    return boost::json::parse(reply.body).at("id").as_string().c_str();
  }
  run_result cli(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db});
    return run_binary(args);
  }

  temp_dir dir;
  fake_bot_api bot;
  std::string db;
  std::unique_ptr<server_process> server;
};

}  // namespace landing::testing
