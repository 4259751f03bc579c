#include "site/site.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "site/compress.hpp"
#include "temp_folder.hpp"

namespace landing::site {
namespace {

std::string page(std::size_t n) {
  std::string out;
  while (out.size() < n) out += "<p>The studio builds Web3 and Web2 products.</p>\n";
  return out;
}

class site_load : public ::testing::Test {
 protected:
  void write(const std::string& name, const std::string& bytes) {
    const auto file = dir_.path / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << bytes;
  }
  site load() { return site::load(dir_.path); }
  landing::testing::temp_folder dir_;
};

TEST_F(site_load, takes_the_builds_compressed_forms_so_the_first_answer_is_compressed) {
  const auto body = page(4000);
  const auto br = *brotli_compress(body, 5);
  const auto gz = *gzip_compress(body);
  write("en/index.html", body);
  write("en/index.html.br", br);
  write("en/index.html.gz", gz);
  const auto files = load();
  const auto* item = files.find("/en/index.html");
  ASSERT_NE(item, nullptr);
  ASSERT_NE(item->br(), nullptr) << "available before any compression ran";
  ASSERT_NE(item->gzip(), nullptr);
  EXPECT_EQ(item->br()->bytes(), br);
  EXPECT_EQ(item->gzip()->bytes(), gz);
  EXPECT_NE(item->br()->head.find("Content-Encoding: br"), std::string::npos);
  EXPECT_EQ(files.precompressed(), 2U);
  EXPECT_EQ(files.stale_precompressed(), 0U);
  // The companions are not files of the site in their own right.
  EXPECT_EQ(files.find("/en/index.html.br"), nullptr);
  EXPECT_EQ(files.find("/en/index.html.gz"), nullptr);
  std::atomic<bool> stop{false};
  EXPECT_EQ(const_cast<site&>(files).compress_all({}, stop), 0U) << "nothing left to compress";
}

// Every way a companion can be wrong: another file's bytes, cut short, garbage, not smaller.
// Each is left out, counted, and its form is computed at start instead.
TEST_F(site_load, leaves_out_compressed_forms_that_do_not_match_their_file) {
  const auto body = page(4000);
  const auto other = page(3000);
  const auto br = *brotli_compress(body, 5);
  const auto gz = *gzip_compress(body);
  write("a.html", body);
  write("a.html.br", *brotli_compress(other, 5));
  write("a.html.gz", *gzip_compress(other));
  write("b.html", body);
  write("b.html.br", br.substr(0, br.size() / 2));
  write("b.html.gz", gz.substr(0, gz.size() - 4));
  write("c.html", body);
  write("c.html.br", "not brotli at all");
  write("c.html.gz", "not gzip at all");
  write("d.html", body);
  write("d.html.br", body + "longer than the file itself");
  auto files = load();
  EXPECT_EQ(files.precompressed(), 0U);
  EXPECT_EQ(files.stale_precompressed(), 7U);
  for (const auto* name : {"/a.html", "/b.html", "/c.html", "/d.html"}) {
    EXPECT_EQ(files.find(name)->br(), nullptr) << name;
  }
  std::atomic<bool> stop{false};
  EXPECT_EQ(files.compress_all({}, stop), 4U);
  for (const auto* name : {"/a.html", "/b.html", "/c.html", "/d.html"}) {
    ASSERT_NE(files.find(name)->br(), nullptr) << name;
    EXPECT_EQ(*brotli_decompress(files.find(name)->br()->bytes(), body.size()), body) << name;
  }
}

// At start the server publishes a companion newer than its file at once and checks it after
// (check_deferred): the same wrong companions are served only until then, and then withdrawn and
// compressed afresh; one older than its file (the file was edited after the build) is checked
// at load, and a good one stays.
TEST_F(site_load, deferred_checks_withdraw_every_wrong_companion_after_start) {
  const auto body = page(4000);
  const auto other = page(3000);
  write("a.html", body);
  write("a.html.br", *brotli_compress(other, 5));
  write("b.html", body);
  write("b.html.gz", "not gzip at all");
  write("good.html", body);
  write("good.html.br", *brotli_compress(body, 5));
  write("edited.html", other);
  write("edited.html.br", *brotli_compress(body, 5));
  // edited.html was changed after its companion was written.
  const auto now = std::filesystem::file_time_type::clock::now();
  std::filesystem::last_write_time(dir_.path / "edited.html.br", now - std::chrono::hours(1));
  std::filesystem::last_write_time(dir_.path / "edited.html", now);
  auto files = site::load(dir_.path, true);
  EXPECT_EQ(files.stale_precompressed(), 1U) << "the edited file's, checked at load";
  EXPECT_EQ(files.find("/edited.html")->br(), nullptr);
  EXPECT_NE(files.find("/a.html")->br(), nullptr) << "published unchecked";
  std::atomic<bool> stop{false};
  EXPECT_EQ(files.check_deferred(stop), 2U);
  EXPECT_EQ(files.find("/a.html")->br(), nullptr);
  EXPECT_EQ(files.find("/b.html")->gzip(), nullptr);
  ASSERT_NE(files.find("/good.html")->br(), nullptr);
  EXPECT_EQ(files.check_deferred(stop), 0U) << "each is checked once";
  EXPECT_EQ(files.compress_all({}, stop), 4U) << "each file with a form missing";
  EXPECT_EQ(*brotli_decompress(files.find("/a.html")->br()->bytes(), body.size()), body);
  EXPECT_EQ(*gzip_decompress(files.find("/b.html")->gzip()->bytes(), body.size()), body);
}

TEST_F(site_load, a_compressed_file_without_its_original_is_an_ordinary_file) {
  write("archive.tar.gz", page(1000));
  const auto files = load();
  EXPECT_NE(files.find("/archive.tar.gz"), nullptr);
}

TEST_F(site_load, fills_in_only_the_missing_encoding) {
  const auto body = page(4000);
  write("a.js", body);
  write("a.js.gz", *gzip_compress(body));
  auto files = load();
  const auto* item = files.find("/a.js");
  ASSERT_NE(item->gzip(), nullptr);
  ASSERT_EQ(item->br(), nullptr);
  const auto* gzip_before = item->gzip();
  std::atomic<bool> stop{false};
  files.compress_all({}, stop);
  EXPECT_NE(item->br(), nullptr);
  EXPECT_EQ(item->gzip(), gzip_before) << "the build's gzip form stays";
}

TEST(compress, decoders_refuse_output_over_the_limit) {
  const auto body = page(4000);
  EXPECT_EQ(brotli_decompress(*brotli_compress(body, 5), body.size() - 1), std::nullopt);
  EXPECT_EQ(gzip_decompress(*gzip_compress(body), body.size() - 1), std::nullopt);
  EXPECT_EQ(*brotli_decompress(*brotli_compress(body, 5), body.size()), body);
  EXPECT_EQ(*gzip_decompress(*gzip_compress(body), body.size()), body);
}

}  // namespace
}  // namespace landing::site
