// The whole request path: raw bytes on a connection in, the bytes the server writes back out.
// The server is wired as main wires it (site, routes, contact endpoint, writer, SQLite store
// in /dev/shm); only the socket is a socketpair instead of an accepted TCP connection.
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/write.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/router.hpp"
#include "http/headers.hpp"
#include "http/session.hpp"
#include "leads/challenge_endpoint.hpp"
#include "leads/contact_endpoint.hpp"
#include "storage/sqlite/store.hpp"

namespace {

using namespace landing;
namespace asio = boost::asio;

struct world {
  world() {
    // Every accepted lead is a log line; the fuzzer reports, the log would only slow it.
    std::freopen("/dev/null", "w", stdout);
    folder = std::filesystem::path("/dev/shm") / ("landing-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    files.add("/en/index.html", "<!doctype html><h1>en</h1>");
    files.add("/ru/index.html", "<!doctype html><h1>ru</h1>");
    files.add("/en/thanks.html", "<!doctype html><h1>thanks</h1>");
    files.add("/en/form-error.html", "<!doctype html><h1>error</h1>");
    files.add("/en/404.html", "<!doctype html><h1>missing</h1>");
    files.add("/assets/app-x1.js", std::string(100000, 'a'));
    files.add("/robots.txt", "User-agent: *\n");
    store = std::make_unique<storage::sqlite::store>((folder / "leads.db").string());
    // No channel: the leads are held, as a server without one holds them.
    writer =
        std::make_unique<leads::lead_writer>(*store, limiter, std::vector<std::string>{}, [] {});
    contact = std::make_unique<leads::contact_endpoint>(
        *writer, stats, std::vector<http::network>{},
        // Russian leads need consent, as by default; the corpus's version is the one known.
        leads::consent_policy{{"ru"}, {{"ru", {std::string(64, 'c')}}}}, proofs);
    // A JSON lead needs a proof of work the corpus cannot hold (they expire): it is refused
    // after its fields are checked; a form post goes on to the store.
    challenges = std::make_unique<leads::challenge_endpoint>(
        proofs, spam::challenge_settings{1, 2, 60}, std::vector<http::network>{}, 5, 1,
        proof_stats);
    health = std::make_unique<app::health_monitor>(
        *store, std::vector<std::string>{}, false, [] { return std::size_t{0}; },
        app::health_monitor::options{});
    app::services parts;
    parts.files = &files;
    parts.requests = &requests;
    parts.lead_stats = &stats;
    parts.contact = contact.get();
    parts.challenges = challenges.get();
    parts.proof_stats = &proof_stats;
    parts.health = health.get();
    parts.hosts = app::host_policy({"localhost:8080", "studio.example"}, "https://studio.example");
    application = std::make_unique<app::router>(parts);
    state.app = application.get();
    state.security_headers = http::security_header_block(false);
    state.max_connections = 100;
    state.max_per_client = 100;
  }
  ~world() {
    writer->stop();
    health->stop();
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
  }
  std::filesystem::path folder;
  site::site files;
  app::request_metrics requests;
  leads::lead_metrics stats;
  leads::rate_limiter limiter{5, 1};
  spam::proof_metrics proof_stats;
  spam::proof_gate proofs{spam::keys_from("the fuzzer's proof-of-work secret"), false, proof_stats};
  std::unique_ptr<storage::sqlite::store> store;
  std::unique_ptr<leads::lead_writer> writer;
  std::unique_ptr<leads::contact_endpoint> contact;
  std::unique_ptr<leads::challenge_endpoint> challenges;
  std::unique_ptr<app::health_monitor> health;
  std::unique_ptr<app::router> application;
  http::server_state state;
};

asio::awaitable<void, http::executor> client(http::socket_type& end, std::string_view input,
                                             std::string& output) {
  boost::system::error_code ec;
  co_await asio::async_write(end, asio::buffer(input.data(), input.size()),
                             asio::redirect_error(http::use_task, ec));
  end.shutdown(asio::socket_base::shutdown_send, ec);
  std::array<char, 65536> chunk;
  for (;;) {
    const auto n =
        co_await end.async_read_some(asio::buffer(chunk), asio::redirect_error(http::use_task, ec));
    output.append(chunk.data(), n);
    if (ec) co_return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static world everything;
  asio::io_context context{1};
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) std::abort();
  http::socket_type server_end(context.get_executor());
  http::socket_type client_end(context.get_executor());
  server_end.assign(asio::ip::tcp::v4(), fds[0]);
  client_end.assign(asio::ip::tcp::v4(), fds[1]);
  auto conn =
      std::make_shared<http::connection>(std::move(server_end), asio::ip::address_v4::loopback());
  http::deadline_watch watch;
  std::string output;
  asio::co_spawn(context, http::run_session(conn, everything.state, watch), asio::detached);
  asio::co_spawn(context, client(client_end, {reinterpret_cast<const char*>(data), size}, output),
                 asio::detached);
  context.run();
  // Every answer is a well-formed HTTP/1.1 response, and none is a 500: nothing the client
  // sends may make a handler throw.
  if (!output.empty() && !output.starts_with("HTTP/1.1 ")) std::abort();
  if (output.find("HTTP/1.1 500 ") != std::string::npos) std::abort();
  return 0;
}
