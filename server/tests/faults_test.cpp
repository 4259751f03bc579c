// Parts that really fail under the real binary: a file system that fills up or turns read-only,
// a database deleted while open, another process holding the write lock. In each: no 202 for a
// lead that was not stored, no lead sent twice while the fault lasts, /healthz tells, and the
// server recovers by itself once the fault is gone. Mounting needs root, as the gate runs.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <filesystem>
#include <fstream>

#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
using answer = fake_bot_api::answer;

// A file system of the test's own, mounted at `at` and unmounted (lazily) at the end.
struct mounted {
  mounted(const std::filesystem::path& where, std::vector<std::string> mount_args) : at(where) {
    std::filesystem::create_directories(at);
    mount_args.push_back(at.string());
    mount_args.insert(mount_args.begin(), "mount");
    ok = run_command(mount_args) == 0;
  }
  ~mounted() {
    if (ok) run_command({"umount", "-l", at.string()});
  }
  mounted(const mounted&) = delete;
  mounted& operator=(const mounted&) = delete;
  std::filesystem::path at;
  bool ok = false;
};

// Writes zeros into `file` until the file system refuses more.
void fill(const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary);
  const std::string block(64 * 1024, '\0');
  while (out.write(block.data(), static_cast<std::streamsize>(block.size()))) out.flush();
  // What is left is smaller than a block; take it byte by byte.
  out.clear();
  while (out.put('\0') && out.flush()) {
  }
}

class faults : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(const std::string& db,
                                        std::vector<std::string> extra = {}) {
    std::vector<std::string> args = delivery_test_args((dir.path / "site").string(), db);
    args.insert(args.end(), {"--rate-limit-burst", "100", "--disk-reserve-mb", "1"});
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                            dir.path / "server.log");
  }

  static http_reply post(server_process& server, const std::string& message) {
    return http_call("POST", server.url("/api/contact"), {"Content-Type: application/json"},
                     boost::json::serialize(boost::json::object{{"name", "Anna"},
                                                                {"social", "@anna_dev"},
                                                                {"email", "anna@example.com"},
                                                                {"message", message},
                                                                {"locale", "en"},
                                                                {"website", ""}}));
  }
  static std::string accepted(server_process& server, const std::string& message) {
    const auto reply = post(server, message);
    EXPECT_EQ(reply.status, 202) << reply.body;
    return reply.status == 202 ? std::string(boost::json::parse(reply.body).at("id").as_string())
                               : std::string();
  }
  static boost::json::object health(server_process& server, long* status = nullptr) {
    const auto reply = http_call("GET", server.url("/healthz"));
    if (status) *status = reply.status;
    return boost::json::parse(reply.body).as_object();
  }
  // Waits (up to `limit`) until /healthz answers `status`.
  static bool health_becomes(server_process& server, long status,
                             std::chrono::milliseconds limit = 10s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      if (http_call("GET", server.url("/healthz")).status == status) return true;
      std::this_thread::sleep_for(100ms);
    }
    return false;
  }
  bool status_is(const std::string& db, const std::string& id, const std::string& status) {
    return run_binary({"leads", "show", id, "--db", db}).output.find("status: " + status + "\n") !=
           std::string::npos;
  }
  bool becomes(const std::string& db, const std::string& id, const std::string& status) {
    for (int i = 0; i < 100; ++i) {
      if (status_is(db, id, status)) return true;
      std::this_thread::sleep_for(100ms);
    }
    return false;
  }

  temp_dir dir;
  fake_bot_api bot;
};

TEST_F(faults, a_full_disk_sends_nothing_twice_refuses_leads_and_catches_up_when_space_returns) {
  const mounted fs(dir.path / "fs", {"-t", "tmpfs", "-o", "size=8m", "tmpfs"});
  ASSERT_TRUE(fs.ok) << "mounting a tmpfs needs root";
  const auto db = (fs.at / "leads.db").string();
  auto server = start(db);
  // Telegram fails first, so the leads wait in the outbox while the disk fills.
  bot.otherwise(answer::server_error);
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(accepted(*server, "Lead number " + std::to_string(i)));
  ASSERT_TRUE(bot.wait_for(1, 5s));
  fill(fs.at / "filler");
  bot.otherwise(answer::ok);
  // Each lead reaches Telegram once; its outcome cannot be written, and it is not sent again.
  for (const auto& id : ids) {
    for (int i = 0; i < 100 && bot.delivered_containing(id) == 0; ++i) {
      std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(bot.delivered_containing(id), 1U) << id;
  }
  std::this_thread::sleep_for(3s);
  for (const auto& id : ids) EXPECT_EQ(bot.delivered_containing(id), 1U) << id;
  long status = 0;
  const auto during = health(*server, &status);
  EXPECT_EQ(status, 503) << boost::json::serialize(during);
  EXPECT_EQ(during.at("database").as_string(), "disk_full") << boost::json::serialize(during);
  EXPECT_EQ(post(*server, "While the disk is full").status, 503);

  std::filesystem::remove(fs.at / "filler");
  ASSERT_TRUE(health_becomes(*server, 200)) << server->output();
  for (const auto& id : ids) EXPECT_TRUE(becomes(db, id, "delivered")) << id;
  EXPECT_NE(server->output().find("outbox_records_caught_up"), std::string::npos);
  const auto after = accepted(*server, "After the disk has room again");
  EXPECT_TRUE(becomes(db, after, "delivered"));
  for (const auto& id : ids) EXPECT_EQ(bot.delivered_containing(id), 1U) << id;
  EXPECT_EQ(server->terminate(), 0);
}

TEST_F(faults, a_database_deleted_while_open_refuses_leads_then_is_written_back) {
  const auto folder = dir.path / "data";
  std::filesystem::create_directories(folder);
  const auto db = (folder / "leads.db").string();
  auto server = start(db);
  const auto before = accepted(*server, "Before the deletion");
  ASSERT_TRUE(becomes(db, before, "delivered"));
  // The whole folder goes, and a file in its place keeps it from coming back for now.
  std::filesystem::remove_all(folder);
  write_file(folder, "not a folder");
  EXPECT_EQ(post(*server, "While the database is gone").status, 503);
  ASSERT_TRUE(health_becomes(*server, 503));
  EXPECT_EQ(health(*server).at("database").as_string(), "missing");
  EXPECT_EQ(post(*server, "Still gone").status, 503);

  std::filesystem::remove(folder);
  std::filesystem::create_directories(folder);
  ASSERT_TRUE(health_becomes(*server, 200)) << server->output();
  EXPECT_NE(server->output().find("database_restored"), std::string::npos);
  const auto after = accepted(*server, "After the restore");
  EXPECT_TRUE(becomes(db, after, "delivered"));
  EXPECT_EQ(server->terminate(), 0);
  // Everything acknowledged is in the file that is there now, the lead from before included.
  EXPECT_TRUE(status_is(db, before, "delivered"));
  EXPECT_TRUE(status_is(db, after, "delivered"));
  EXPECT_EQ(bot.delivered_containing(before), 1U);
}

// ext4 turns itself read-only after an error (errors=remount-ro), open files and all: the fault
// a failing disk brings. Fixing it means mounting the file system again.
TEST_F(faults, a_file_system_gone_read_only_refuses_leads_and_recovers_once_mounted_again) {
  const auto image = dir.path / "disk.img";
  ASSERT_EQ(run_command({"truncate", "-s", "32M", image.string()}), 0);
  ASSERT_EQ(run_command({"mkfs.ext4", "-q", "-F", image.string()}), 0);
  auto fs = std::make_unique<mounted>(
      dir.path / "mnt", std::vector<std::string>{"-o", "loop,errors=remount-ro", image.string()});
  ASSERT_TRUE(fs->ok) << "mounting a loop device needs root";
  std::filesystem::create_directories(fs->at / "data");
  const auto db = (fs->at / "data" / "leads.db").string();
  auto server = start(db);
  bot.otherwise(answer::server_error);
  const auto waiting = accepted(*server, "Waiting when the disk fails");
  ASSERT_TRUE(bot.wait_for(1, 5s));

  std::string device;
  for (const auto& entry : std::filesystem::directory_iterator("/sys/fs/ext4")) {
    // The loop device that holds our image is the one mounted at fs->at.
    const auto name = entry.path().filename().string();
    if (name.starts_with("loop") &&
        read_all("/proc/mounts").find("/dev/" + name + " " + fs->at.string() + " ") !=
            std::string::npos) {
      device = name;
    }
  }
  ASSERT_FALSE(device.empty()) << read_all("/proc/mounts");
  write_file("/sys/fs/ext4/" + device + "/trigger_fs_error", "landing test");
  bot.otherwise(answer::ok);
  for (int i = 0; i < 100 && bot.delivered_containing(waiting) == 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(bot.delivered_containing(waiting), 1U);
  EXPECT_EQ(post(*server, "On a read-only disk").status, 503);
  ASSERT_TRUE(health_becomes(*server, 503));
  const auto state = std::string(health(*server).at("database").as_string());
  EXPECT_TRUE(state == "read_only" || state == "write_failed") << state;
  std::this_thread::sleep_for(2s);
  EXPECT_EQ(bot.delivered_containing(waiting), 1U);

  // The operator's fix: unmount, check, mount again. The server keeps no descriptor on a disk
  // that refuses writes, so the old mount really goes (its loop device is released).
  const auto at = fs->at;
  fs.reset();
  const auto backing = "/sys/block/" + device + "/loop/backing_file";
  for (int i = 0; i < 100 && std::filesystem::exists(backing); ++i)
    std::this_thread::sleep_for(100ms);
  ASSERT_FALSE(std::filesystem::exists(backing)) << "the server still holds the old mount";
  ASSERT_EQ(run_command({"e2fsck", "-f", "-y", image.string()}) & ~1, 0);
  fs = std::make_unique<mounted>(at, std::vector<std::string>{"-o", "loop", image.string()});
  ASSERT_TRUE(fs->ok);
  ASSERT_TRUE(health_becomes(*server, 200, 15s)) << server->output();
  EXPECT_TRUE(becomes(db, waiting, "delivered"));
  const auto after = accepted(*server, "After the disk is fixed");
  EXPECT_TRUE(becomes(db, after, "delivered"));
  EXPECT_EQ(bot.delivered_containing(waiting), 1U);
  EXPECT_EQ(server->terminate(), 0);
}

// Health used to take the write lock on an I/O thread and wait out SQLite's 5 s busy timeout
// behind anyone holding it, stalling every page on that thread too.
TEST_F(faults, health_and_pages_do_not_wait_for_a_write_lock_held_elsewhere) {
  const auto db = (dir.path / "leads.db").string();
  auto server = start(db);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  // The server's own start-up writes (the retention's and the vitals' prunes) may hold the lock
  // for a moment: this connection waits for them, then holds it for the rest of the test.
  sqlite3_busy_timeout(other, 5000);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 200);
    EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
    EXPECT_EQ(http_call("GET", server->url("/metrics")).status, 200);
  }
  // Thirty answers while the lock is held; one wait on the lock would take 5 s alone.
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_EQ(server->terminate(), 0);
}

}  // namespace
}  // namespace landing::testing
