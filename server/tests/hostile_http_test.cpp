// Requests a browser never sends, straight to the real binary: smuggling attempts, bad or
// foreign Host names, duplicated headers, HTTP/1.0 keep-alive, a flood of unknown fields.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <memory>

#include "minted_proof.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view lead_json =
    R"({"name":"Anna","social":"@anna_dev","email":"anna@example.com",)"
    R"("message":"We need a landing page.","locale":"en","website":""})";

class hostile_http : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<temp_dir>();
    make_site(dir_->path / "site");
    write_file(dir_->path / "site" / ".site.json", R"({"origin":"https://studio.example"})");
    server_ = std::make_unique<server_process>(
        std::vector<std::string>{"--site", (dir_->path / "site").string(), "--db",
                                 (dir_->path / "leads.db").string(), "--debug",
                                 "--rate-limit-burst", "1000"},
        std::map<std::string, std::string>{}, dir_->path / "server.log");
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->terminate(), 0);
    server_.reset();
    dir_.reset();
  }
  static unsigned short port() { return server_->port(); }
  static std::string host() { return "127.0.0.1:" + std::to_string(port()); }
  static std::string post(std::string_view extra_headers, std::string_view body) {
    std::string text =
        "POST /api/contact HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n";
    text += extra_headers;
    text += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    text += body;
    return text;
  }
  static std::size_t leads_stored() {
    const auto listed = run_binary({"leads", "list", "--db", (dir_->path / "leads.db").string()});
    return static_cast<std::size_t>(std::count(listed.output.begin(), listed.output.end(), '\n')) -
           1;
  }

  static inline std::unique_ptr<temp_dir> dir_;
  static inline std::unique_ptr<server_process> server_;
};

// RFC 9112 6.3: a Transfer-Encoding whose last coding is not chunked leaves the body's end
// unknowable. Each framing below once let the "body" run as a second request on the connection.
TEST_F(hostile_http, refuses_every_unframeable_transfer_encoding_and_closes) {
  const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
  for (const std::string coding :
       {"gzip", "chunked, gzip", "identity", "chunked, chunked", "deflate", "chunkedx", "x",
        // No coding at all: once taken as no body, so the "body" was served as a request.
        "", " ", "\t", ",", " , ,"}) {
    const auto reply =
        exchange(port(), "POST /api/contact HTTP/1.1\r\nHost: " + host() +
                             "\r\nContent-Type: application/json\r\nTransfer-Encoding: " + coding +
                             "\r\n\r\n" + smuggled);
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{400}) << coding << "\n" << reply.bytes;
    EXPECT_TRUE(reply.closed) << coding;
  }
  // The same coding split over two lines is still one list.
  auto reply = exchange(port(), "POST /api/contact HTTP/1.1\r\nHost: " + host() +
                                    "\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip"
                                    "\r\n\r\n" +
                                    smuggled);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{400});
  EXPECT_TRUE(reply.closed);
  // A coding under chunked that the server would have to undo.
  reply = exchange(port(), "POST /api/contact HTTP/1.1\r\nHost: " + host() +
                               "\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n" + smuggled);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{501});
  EXPECT_TRUE(reply.closed);
  // HTTP/1.0 has no transfer codings.
  reply = exchange(port(),
                   "POST /api/contact HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "0\r\n\r\n" +
                       smuggled);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{400});
  EXPECT_TRUE(reply.closed);
}

TEST_F(hostile_http, refuses_bad_chunks_with_400_and_closes) {
  for (const std::string chunks : {"zz\r\n\r\n", "-1\r\nx\r\n0\r\n\r\n", "ffffffffffffffffff\r\n",
                                   "4\r\nabc\r\n0\r\n\r\n", "3;\x01\r\nabc\r\n0\r\n\r\n"}) {
    const auto reply = exchange(
        port(), "POST /api/contact HTTP/1.1\r\nHost: " + host() +
                    "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
                    chunks + "GET /healthz HTTP/1.1\r\nHost: " + host() + "\r\n\r\n");
    EXPECT_EQ(statuses(reply.bytes).size(), 1U) << chunks;
    EXPECT_EQ(statuses(reply.bytes).front(), 400) << chunks;
    EXPECT_TRUE(reply.closed) << chunks;
  }
  // Well-formed chunks still work (the lead with its proof of work, as the page sends it).
  const auto body = with_minted_proof(std::string(lead_json));
  const auto ok = exchange(
      port(), "POST /api/contact HTTP/1.1\r\nHost: " + host() +
                  "\r\nContent-Type: application/json\r\nTransfer-Encoding: "
                  "chunked\r\nConnection: close\r\n\r\n" +
                  [&] {
                    char size[16];
                    std::snprintf(size, sizeof size, "%zx", body.size());
                    return std::string(size);
                  }() +
                  "\r\n" + body + "\r\n0\r\n\r\n");
  EXPECT_EQ(statuses(ok.bytes), std::vector<int>{202}) << ok.bytes;
}

TEST_F(hostile_http, host_must_appear_once_and_be_a_host) {
  for (const std::string head :
       {"GET /en HTTP/1.1\r\n\r\n",
        "GET /en HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n",
        "GET /en HTTP/1.1\r\nHost: \r\n\r\n", "GET /en HTTP/1.1\r\nHost: a b\r\n\r\n",
        "GET /en HTTP/1.1\r\nHost: user@127.0.0.1\r\n\r\n",
        "GET /en HTTP/1.1\r\nHost: 127.0.0.1:80:80\r\n\r\n",
        "GET /en HTTP/1.1\r\nHost: [::1\r\n\r\n", "GET /en HTTP/1.1\r\nHost: a/b\r\n\r\n"}) {
    const auto reply = exchange(port(), head);
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{400}) << head;
    EXPECT_TRUE(reply.closed) << head;
  }
  // HTTP/1.0 may leave Host out.
  EXPECT_EQ(statuses(exchange(port(), "GET /en HTTP/1.0\r\n\r\n").bytes), std::vector<int>{200});
}

TEST_F(hostile_http, origin_and_fetch_site_must_not_repeat) {
  const auto before = leads_stored();
  for (const std::string& headers : std::vector<std::string>{
           "Origin: https://evil.example\r\nOrigin: http://" + host() + "\r\n",
           "Origin: http://" + host() + "\r\nOrigin: http://" + host() + "\r\n",
           "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Site: same-origin\r\n",
           "sec-fetch-site: same-origin\r\nSEC-FETCH-SITE: same-origin\r\n"}) {
    const auto reply = exchange(port(), post(headers, lead_json));
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{400}) << headers;
  }
  EXPECT_EQ(leads_stored(), before);
}

// DNS rebinding: a name the attacker controls pointed at this server. The browser then sends
// that name as Host and as Origin, which match each other, so only the Host list can tell.
TEST_F(hostile_http, answers_only_its_own_host_names) {
  const auto before = leads_stored();
  for (const std::string& name : std::vector<std::string>{
           "evil.example", "evil.example:" + std::to_string(port()), "studio.example.evil.example",
           "127.0.0.2:" + std::to_string(port()), "localhost:1"}) {
    auto reply = exchange(
        port(), "POST /api/contact HTTP/1.1\r\nHost: " + name + "\r\nOrigin: http://" + name +
                    "\r\nContent-Type: application/json\r\nContent-Length: " +
                    std::to_string(lead_json.size()) + "\r\n\r\n" + std::string(lead_json));
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{421}) << name;
    // Pages under a foreign name go to the real site instead.
    reply =
        exchange(port(), "GET /en?x=1 HTTP/1.1\r\nHost: " + name + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{308}) << name;
    EXPECT_NE(reply.bytes.find("Location: https://studio.example/en?x=1\r\n"), std::string::npos)
        << reply.bytes;
  }
  EXPECT_EQ(leads_stored(), before);
  // The site's own name (any port, any case, a trailing dot) and this machine's loopback names.
  for (const std::string& name : std::vector<std::string>{
           "studio.example", "Studio.Example:443", "studio.example.", host(),
           "localhost:" + std::to_string(port()), "[::1]:" + std::to_string(port())}) {
    const auto reply =
        exchange(port(), "GET /en HTTP/1.1\r\nHost: " + name + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(statuses(reply.bytes), std::vector<int>{200}) << name;
  }
  // Probes ask by address and are answered under any name.
  EXPECT_EQ(statuses(exchange(port(),
                              "GET /healthz HTTP/1.1\r\nHost: 10.1.2.3:9\r\n"
                              "Connection: close\r\n\r\n")
                         .bytes),
            std::vector<int>{200});
}

TEST_F(hostile_http, a_kept_alive_http_1_0_connection_is_announced) {
  const int fd = raw_connection(port(), "GET /en HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  auto reply = read_raw(fd, 500ms);
  EXPECT_NE(reply.bytes.find("\r\nConnection: keep-alive\r\n"), std::string::npos) << reply.bytes;
  EXPECT_FALSE(reply.closed);
  // And the connection really is still good for another request.
  const std::string again = "GET /ru HTTP/1.0\r\n\r\n";
  ASSERT_EQ(::send(fd, again.data(), again.size(), 0), static_cast<ssize_t>(again.size()));
  reply = read_raw(fd, 2000ms);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{200});
  EXPECT_TRUE(reply.closed);  // a 1.0 request without keep-alive closes
  ::close(fd);
  // Plain HTTP/1.0 closes, and says so by closing.
  reply = exchange(port(), "GET /en HTTP/1.0\r\n\r\n");
  EXPECT_TRUE(reply.closed);
  EXPECT_EQ(reply.bytes.find("Connection: keep-alive"), std::string::npos);
}

TEST_F(hostile_http, a_flood_of_unknown_fields_gets_a_short_answer) {
  std::string body(lead_json.substr(0, lead_json.size() - 1));
  for (int i = 0; body.size() < 15000; ++i) body += ",\"field" + std::to_string(i) + "\":\"x\"";
  body += "}";
  const auto reply = exchange(port(), post("Connection: close\r\n", body));
  ASSERT_EQ(statuses(reply.bytes), std::vector<int>{422});
  const auto json = reply.bytes.substr(reply.bytes.find("\r\n\r\n") + 4);
  EXPECT_LT(json.size(), 300U) << json;
  EXPECT_TRUE(boost::json::parse(json).at("errors").as_object().contains("_other"));
}

// --debug logs every request path; whatever bytes a path holds, each log line stays one valid
// JSON object in valid UTF-8.
TEST_F(hostile_http, debug_log_lines_stay_valid_utf8_json_for_any_path_bytes) {
  for (int byte = 0x21; byte <= 0xFF; ++byte) {
    if (byte == 0x7F) continue;
    std::string path = "/x";
    path += static_cast<char>(byte);
    path += "\xE2\x82";  // a cut-off euro sign
    exchange(port(),
             "GET " + path + " HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n",
             300ms);
  }
  const auto log = server_->output();
  std::size_t lines = 0;
  for (std::size_t at = 0; at < log.size();) {
    const auto end = log.find('\n', at);
    const auto line = log.substr(at, end - at);
    at = end == std::string::npos ? log.size() : end + 1;
    if (line.empty()) continue;
    ++lines;
    boost::system::error_code ec;
    boost::json::parse(line, ec);  // Boost.JSON refuses invalid UTF-8 in strings
    EXPECT_FALSE(ec) << line;
  }
  EXPECT_GT(lines, 200U);
}

}  // namespace
}  // namespace landing::testing
