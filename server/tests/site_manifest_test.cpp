// What the server takes from the site its build wrote: the inline scripts' hashes in .site.json
// go into the pages' policy (site/manifest.hpp), and a manifest that names something else stops
// the start with the reason; every page names the speculation rules (site/speculation_rules.hpp).
#include <gtest/gtest.h>

#include "support.hpp"

namespace landing::testing {
namespace {

// Two well-formed sources (the hashes of "a" and "b"), as web/scripts/prerender.mjs writes them.
const std::string first = "'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='";
const std::string second = "'sha256-PiPoFgA5WUoziU9lZOGxNIu9egCI1CxKy3PurtWcAJ0='";

std::vector<std::string> args_for(const temp_dir& dir) {
  return {"--site", (dir.path / "site").string(), "--db", (dir.path / "leads.db").string()};
}

TEST(site_manifest, the_pages_policy_allows_the_inline_scripts_the_build_hashed_and_no_other) {
  const temp_dir dir;
  make_site(dir.path / "site");
  write_file(dir.path / "site" / ".site.json", R"({"origin":"https://studio.example",)"
                                               R"("scriptSources":[")" +
                                                   first + R"(",")" + second + R"("]})");
  server_process server(args_for(dir), {}, dir.path / "server.log");
  for (const auto* path : {"/en/", "/ru/", "/nowhere"}) {
    const auto csp = http_call("GET", server.url(path)).header("content-security-policy");
    EXPECT_NE(csp.find("script-src 'self' " + first + " " + second + " 'wasm-unsafe-eval';"),
              std::string::npos)
        << path << ": " << csp;
  }
  // The editor runs no inline script: its own policy, unchanged.
  const auto editor = http_call("GET", server.url("/admin/")).header("content-security-policy");
  EXPECT_NE(editor.find("script-src 'self';"), std::string::npos) << editor;
  EXPECT_EQ(server.terminate(), 0);
}

TEST(site_manifest, a_site_without_inline_scripts_keeps_the_policy_as_it_was) {
  const temp_dir dir;
  make_site(dir.path / "site");
  write_file(dir.path / "site" / ".site.json", R"({"origin":"https://studio.example"})");
  server_process server(args_for(dir), {}, dir.path / "server.log");
  const auto csp = http_call("GET", server.url("/en/")).header("content-security-policy");
  EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << csp;
  EXPECT_EQ(server.terminate(), 0);
}

TEST(site_manifest, every_page_names_the_speculation_rules_served_under_their_own_type) {
  const temp_dir dir;
  make_site(dir.path / "site");
  const std::string rules = R"({"prerender":[{"source":"document","eagerness":"moderate"}]})";
  write_file(dir.path / "site" / "speculation-rules.json", rules);
  server_process server(args_for(dir), {}, dir.path / "server.log");
  for (const auto* path : {"/en/", "/ru", "/en/thanks", "/ru/privacy"}) {
    EXPECT_EQ(http_call("GET", server.url(path)).header("speculation-rules"),
              "\"/speculation-rules.json\"")
        << path;
  }
  // Not the editor's page, nor what is not a page.
  for (const auto* path : {"/admin/", "/robots.txt", "/speculation-rules.json"}) {
    EXPECT_EQ(http_call("GET", server.url(path)).header("speculation-rules"), "") << path;
  }
  // A page the browser prepares ahead of the visitor is answered as the visitor's own would be,
  // and counted apart: every request so far was the visitor's.
  const auto ahead = [&] {
    const auto page = http_call("GET", server.url("/metrics")).body;
    const std::string name = "\nlanding_site_requests_ahead_total ";
    const auto at = page.find(name);
    return at == std::string::npos ? std::string("missing") : page.substr(at + name.size(), 2);
  };
  EXPECT_EQ(ahead(), "0\n");
  const auto own = http_call("GET", server.url("/en/"));
  for (const auto* purpose : {"prefetch;prerender", "prefetch"}) {
    const auto prepared =
        http_call("GET", server.url("/en/"), {std::string("Sec-Purpose: ") + purpose});
    EXPECT_EQ(prepared.status, own.status) << purpose;
    EXPECT_EQ(prepared.body, own.body) << purpose;
  }
  EXPECT_EQ(ahead(), "2\n");
  const auto file = http_call("GET", server.url("/speculation-rules.json"));
  EXPECT_EQ(file.status, 200);
  EXPECT_EQ(file.header("content-type"), "application/speculationrules+json");
  EXPECT_EQ(file.body, rules);
  EXPECT_EQ(server.terminate(), 0);
}

TEST(site_manifest, a_manifest_naming_anything_but_a_script_hash_stops_the_start_with_the_reason) {
  for (const std::string listed :
       {R"(["'unsafe-inline'"])", R"(["'sha256-short='"])", R"([42])", R"("'sha256-x'")",
        // A hash with a character base64 lacks.
        R"(["'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSL!='"])"}) {
    const temp_dir dir;
    make_site(dir.path / "site");
    write_file(dir.path / "site" / ".site.json", R"({"scriptSources":)" + listed + "}");
    auto args = args_for(dir);
    args.insert(args.begin(), "--listen");
    args.insert(args.begin() + 1, "127.0.0.1:0");
    const auto result = run_binary(args);
    EXPECT_NE(result.exit_code, 0) << listed;
    EXPECT_NE(result.output.find(".site.json: scriptSources"), std::string::npos)
        << listed << ": " << result.output;
  }
}

}  // namespace
}  // namespace landing::testing
