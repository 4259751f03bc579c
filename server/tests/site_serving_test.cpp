// The real binary serving a small site shaped like web/dist.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <memory>

#include "support.hpp"

namespace landing::testing {
namespace {

class site_serving : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<temp_dir>();
    make_site(dir_->path / "site");
    add_large_files(dir_->path / "site");
    server_ = std::make_unique<server_process>(
        std::vector<std::string>{"--site", (dir_->path / "site").string(), "--db",
                                 (dir_->path / "db" / "leads.db").string()},
        std::map<std::string, std::string>{}, dir_->path / "server.log");
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->terminate(), 0);
    server_.reset();
    dir_.reset();
  }
  static std::string url(const std::string& path) { return server_->url(path); }

  static inline std::unique_ptr<temp_dir> dir_;
  static inline std::unique_ptr<server_process> server_;
};

TEST_F(site_serving, serves_localized_pages_with_language_and_security_headers) {
  for (const std::string path : {"/en", "/en/"}) {
    const auto reply = http_call("GET", url(path));
    EXPECT_EQ(reply.status, 200);
    EXPECT_NE(reply.body.find("index en"), std::string::npos);
    EXPECT_EQ(reply.header("content-language"), "en");
    EXPECT_EQ(reply.header("cache-control"), "no-cache");
    EXPECT_NE(reply.header("content-security-policy").find("frame-ancestors 'none'"),
              std::string::npos);
    EXPECT_EQ(reply.header("x-content-type-options"), "nosniff");
    EXPECT_EQ(reply.header("cross-origin-opener-policy"), "same-origin");
    EXPECT_TRUE(reply.header("date").ends_with(" GMT")) << reply.header("date");
  }
  EXPECT_EQ(http_call("GET", url("/ru/thanks")).body.find("thanks ru") != std::string::npos, true);
  // The privacy policy and the consent document, linked from the form and the footer.
  for (const std::string locale : {"en", "ru"}) {
    for (const std::string page : {"privacy", "consent"}) {
      for (const std::string tail : {"", "/"}) {
        const auto reply = http_call("GET", url("/" + locale + "/" + page + tail));
        EXPECT_EQ(reply.status, 200) << locale << page << tail;
        EXPECT_NE(reply.body.find(page + " " + locale), std::string::npos) << reply.body;
        EXPECT_EQ(reply.header("content-language"), locale);
      }
    }
  }
  EXPECT_EQ(http_call("GET", url("/ru/privacyx")).status, 404);
  EXPECT_EQ(http_call("GET", url("/ru/consen")).status, 404);
}

// Behind TLS (--hsts): two years, subdomains, and consent to the preload list.
// The content editor (Sveltia CMS) needs inline styles, blob: and GitHub's API, which the public
// pages' policy refuses; only its own folder gets the relaxed policy, and no cache keeps it.
TEST_F(site_serving, the_editor_gets_its_own_policy_and_the_public_pages_keep_theirs) {
  for (const std::string path : {"/admin/", "/admin/config.js"}) {
    const auto reply = http_call("GET", url(path));
    EXPECT_EQ(reply.status, 200) << path;
    const auto csp = reply.header("content-security-policy");
    EXPECT_NE(csp.find("style-src 'self' 'unsafe-inline'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("https://api.github.com https://www.githubstatus.com;"), std::string::npos)
        << csp;
    EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << csp;
    EXPECT_EQ(reply.header("cache-control"), "no-store") << path;
    EXPECT_EQ(reply.header("x-robots-tag"), "noindex, nofollow") << path;
    EXPECT_EQ(reply.header("x-frame-options"), "DENY") << path;
  }
  EXPECT_EQ(http_call("GET", url("/admin/")).body, "<!doctype html><title>editor</title>");
  const auto moved = http_call("GET", url("/admin"));
  EXPECT_EQ(moved.status, 301);
  EXPECT_EQ(moved.header("location"), "/admin/");
  for (const std::string path : {"/en", "/robots.txt", "/nowhere"}) {
    const auto reply = http_call("GET", url(path));
    const auto csp = reply.header("content-security-policy");
    EXPECT_EQ(csp.find("api.github.com"), std::string::npos) << path << ": " << csp;
    EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval'"), std::string::npos) << csp;
    EXPECT_EQ(reply.header("x-robots-tag"), "") << path;
  }
}

TEST(site_serving_hsts, sends_strict_transport_security_only_when_asked) {
  const temp_dir dir;
  make_site(dir.path / "site");
  for (const bool hsts : {false, true}) {
    std::vector<std::string> args{"--site", (dir.path / "site").string(), "--db",
                                  (dir.path / "leads.db").string()};
    if (hsts) args.emplace_back("--hsts");
    server_process server(args, {}, dir.path / (hsts ? "hsts.log" : "plain.log"));
    for (const auto* path : {"/en/", "/nowhere", "/healthz"}) {
      const auto reply = http_call("GET", server.url(path));
      EXPECT_EQ(reply.header("strict-transport-security"),
                hsts ? "max-age=63072000; includeSubDomains; preload" : "")
          << path;
    }
    EXPECT_EQ(server.terminate(), 0);
  }
}

TEST_F(site_serving, redirects_single_segments_to_the_guessed_locale) {
  auto reply = http_call("GET", url("/"), {"Accept-Language: en-US,en;q=0.9"});
  EXPECT_EQ(reply.status, 302);
  EXPECT_EQ(reply.header("location"), "/en");
  reply = http_call("GET", url("/de"), {"Cookie: user-locale=ru", "Accept-Language: en"});
  EXPECT_EQ(reply.header("location"), "/ru");
  reply = http_call("GET", url("/"));
  EXPECT_EQ(reply.header("location"), "/ru");
}

TEST_F(site_serving, unknown_paths_get_the_localized_404_with_security_headers) {
  auto reply = http_call("GET", url("/en/no/such/page"));
  EXPECT_EQ(reply.status, 404);
  EXPECT_NE(reply.body.find("missing en"), std::string::npos);
  EXPECT_FALSE(reply.header("content-security-policy").empty());
  reply = http_call("GET", url("/x/y"), {"Accept-Language: ru-RU"});
  EXPECT_NE(reply.body.find("missing ru"), std::string::npos);
}

TEST_F(site_serving, never_serves_dotfiles_or_escapes_the_site) {
  EXPECT_EQ(http_call("GET", url("/.vite/manifest.json")).status, 404);
  EXPECT_EQ(http_call("GET", url("/.env")).status, 404);
  EXPECT_EQ(http_call("GET", url("/.consent.json")).status, 404);
  EXPECT_EQ(http_call("GET", url("/assets/..%2f..%2fetc%2fpasswd")).status, 400);
  EXPECT_EQ(http_call("GET", url("/assets/%2e%2e/en/index.html")).status, 400);
  EXPECT_EQ(http_call("GET", url("/en/%00")).status, 400);
}

TEST_F(site_serving, files_win_over_routes_and_hashed_assets_are_immutable) {
  EXPECT_EQ(http_call("GET", url("/robots.txt")).status, 200);
  const auto reply = http_call("GET", url("/assets/index-AbC123.js"));
  EXPECT_EQ(reply.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(reply.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(http_call("GET", url("/video/intro.mp4")).header("content-type"), "video/mp4");
}

TEST_F(site_serving, compresses_by_accept_encoding_and_revalidates_with_etags) {
  // Compression runs in the background after start-up, at nice 19: on a loaded machine (the
  // gate's suites side by side, under ASan) it can take far longer than on a quiet one.
  ASSERT_TRUE(server_->wait_for_event("site_compressed", std::chrono::seconds(60)));
  const auto br = http_call("GET", url("/assets/index-AbC123.js"), {"Accept-Encoding: gzip, br"});
  EXPECT_EQ(br.header("content-encoding"), "br");
  EXPECT_EQ(br.header("vary"), "Accept-Encoding");
  const auto gzip = http_call("GET", url("/assets/index-AbC123.js"), {"Accept-Encoding: gzip"});
  EXPECT_EQ(gzip.header("content-encoding"), "gzip");
  EXPECT_NE(br.header("etag"), gzip.header("etag"));
  const auto again =
      http_call("GET", url("/assets/index-AbC123.js"),
                {"Accept-Encoding: gzip, br", "If-None-Match: " + br.header("etag")});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
}

TEST_F(site_serving, head_and_range_requests) {
  const auto head = http_call("HEAD", url("/video/intro.mp4"));
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), "5000");
  EXPECT_TRUE(head.body.empty());
  const auto part = http_call("GET", url("/video/intro.mp4"), {"Range: bytes=100-199"});
  EXPECT_EQ(part.status, 206);
  EXPECT_EQ(part.header("content-range"), "bytes 100-199/5000");
  EXPECT_EQ(part.body.size(), 100U);
  EXPECT_EQ(http_call("GET", url("/video/intro.mp4"), {"Range: bytes=9000-"}).status, 416);
}

TEST_F(site_serving, enforces_header_and_body_limits) {
  EXPECT_EQ(http_call("GET", url("/en"), {"X-Big: " + std::string(9000, 'a')}).status, 431);
  const auto big = http_call("POST", url("/api/contact"), {"Content-Type: application/json"},
                             std::string(std::size_t{17} * 1024, 'a'));
  EXPECT_EQ(big.status, 413);
  EXPECT_FALSE(big.header("content-security-policy").empty());
}

std::string gunzip(const std::string& data) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return {};
  std::string out(data.size() * 8, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  return result == Z_STREAM_END ? out : std::string();
}

// Bodies from 64 KiB up go out with sendfile from sealed in-memory files: the same bytes, whole
// or in ranges, compressed or not, several times over one connection.
TEST_F(site_serving, large_files_arrive_byte_for_byte) {
  const auto film = read_all(dir_->path / "site" / "video" / "long.mp4");
  const auto bundle = read_all(dir_->path / "site" / "assets" / "vendor-Big456.js");
  ASSERT_TRUE(server_->wait_for_event("site_compressed", std::chrono::seconds(60)));
  for (int round = 0; round < 3; ++round) {
    const auto whole = http_call("GET", url("/video/long.mp4"));
    EXPECT_EQ(whole.status, 200);
    EXPECT_TRUE(whole.body == film) << "got " << whole.body.size() << " of " << film.size();
    const auto part = http_call("GET", url("/video/long.mp4"), {"Range: bytes=70000-169999"});
    EXPECT_EQ(part.status, 206);
    EXPECT_TRUE(part.body == film.substr(70000, 100000));
    const auto plain = http_call("GET", url("/assets/vendor-Big456.js"));
    EXPECT_TRUE(plain.body == bundle);
    const auto packed =
        http_call("GET", url("/assets/vendor-Big456.js"), {"Accept-Encoding: gzip"});
    EXPECT_EQ(packed.header("content-encoding"), "gzip");
    EXPECT_GE(packed.body.size(), 64U * 1024) << "the compressed form is large too";
    EXPECT_EQ(packed.header("content-length"), std::to_string(packed.body.size()));
    EXPECT_TRUE(gunzip(packed.body) == bundle);
  }
  EXPECT_TRUE(http_call("HEAD", url("/video/long.mp4")).body.empty());
}

// sendfile(2), unlike the sends Asio makes, raises SIGPIPE when the peer is gone.
TEST_F(site_serving, a_client_that_leaves_mid_download_does_not_take_the_server_down) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    const int client = raw_connection(
        server_->port(), "GET /video/long.mp4 HTTP/1.1\r\nHost: localhost\r\n\r\n", 4096);
    ASSERT_GE(client, 0);
    char some[512];
    EXPECT_GT(::recv(client, some, sizeof some, 0), 0);
    ::close(client);  // unread bytes in the buffer: the kernel answers the server with a reset
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(http_call("GET", url("/en")).status, 200);
}

TEST_F(site_serving, a_client_that_stops_mid_request_is_cut_off_and_holds_up_no_one) {
  const int slow = raw_connection(server_->port(), "GET /en HTTP/1.1\r\nHost: localhost\r\n");
  ASSERT_GE(slow, 0);
  const auto start = std::chrono::steady_clock::now();

  EXPECT_EQ(http_call("GET", url("/en")).status, 200);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));

  // The header deadline is 10 s; the server then closes without an answer.
  timeval wait{.tv_sec = 20, .tv_usec = 0};
  ::setsockopt(slow, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  char byte = 0;
  EXPECT_EQ(::recv(slow, &byte, 1, 0), 0) << "closed, not answered";
  const auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_GE(waited, std::chrono::milliseconds(9900));
  EXPECT_LT(waited, std::chrono::seconds(15));
  ::close(slow);
}

TEST_F(site_serving, health_and_metrics_answer) {
  http_call("GET", url("/en"));
  const auto health = http_call("GET", url("/healthz"));
  EXPECT_EQ(health.status, 200);
  EXPECT_NE(health.body.find("\"outbox_depth\":0"), std::string::npos);
  EXPECT_NE(health.body.find("\"oldest_pending_age_ms\":0"), std::string::npos);
  EXPECT_NE(health.body.find("\"last_delivery_age_ms\":null"), std::string::npos);
  const auto metrics = http_call("GET", url("/metrics"));
  EXPECT_NE(metrics.body.find("landing_http_requests_total{route=\"site\""), std::string::npos);
}

}  // namespace
}  // namespace landing::testing
