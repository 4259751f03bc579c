#include "site/handler.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

http::request get(std::string_view target) {
  http::request req;
  req.method = "GET";
  req.target = target;
  return req;
}

class handler : public ::testing::Test {
 protected:
  void SetUp() override {
    files.add("/en/index.html", "<h1>en</h1>");
    files.add("/ru/index.html", "<h1>ru</h1>");
    files.add("/ru/404.html", "<h1>ru missing</h1>");
    files.add("/assets/app-x1.js", std::string(4000, 'a'));
    files.add("/robots.txt", "User-agent: *");
  }
  site files;
};

TEST_F(handler, existing_files_win_and_carry_their_cache_policy) {
  const auto res = serve_site(files, get("/robots.txt"));
  EXPECT_EQ(res.status, 200);
  EXPECT_EQ(res.body(), "User-agent: *");
  EXPECT_EQ(res.header("Cache-Control"), "public, max-age=600, must-revalidate");
}

TEST_F(handler, locale_roots_serve_their_index_with_content_language) {
  const auto res = serve_site(files, get("/ru/"));
  EXPECT_EQ(res.body(), "<h1>ru</h1>");
  EXPECT_EQ(res.header("Content-Language"), "ru");
}

TEST_F(handler, redirect_keeps_the_query_string) {
  auto req = get("/?utm=x");
  req.headers = {{"Accept-Language", "en"}};
  const auto res = serve_site(files, req);
  EXPECT_EQ(res.status, 302);
  EXPECT_EQ(res.header("Location"), "/en?utm=x");
}

TEST_F(handler, missing_localized_page_falls_back_to_a_plain_404) {
  const auto res = serve_site(files, get("/en/nothing/here"));
  EXPECT_EQ(res.status, 404);
  EXPECT_EQ(res.body(), "404 Not Found\n");
  EXPECT_EQ(serve_site(files, get("/ru/nothing/here")).body(), "<h1>ru missing</h1>");
}

class docs : public handler {
 protected:
  void SetUp() override {
    handler::SetUp();
    files.add("/en/docs/index.html", "<h1>en docs</h1>");
    files.add("/en/docs/404.html", "<h1>en no such doc</h1>");
    files.add("/en/docs/cases/aurelia.html", "<h1>Aurelia</h1>");
    files.add("/ru/docs/cases/aurelia.html", "<h1>Аурелия</h1>");
  }
};

TEST_F(docs, the_index_answers_with_and_without_its_slash) {
  for (const auto* path : {"/en/docs", "/en/docs/"}) {
    const auto res = serve_site(files, get(path));
    EXPECT_EQ(res.status, 200) << path;
    EXPECT_EQ(res.body(), "<h1>en docs</h1>") << path;
  }
}

TEST_F(docs, an_article_answers_at_its_path_in_its_language) {
  for (const auto* path : {"/en/docs/cases/aurelia", "/en/docs/cases/aurelia/"}) {
    EXPECT_EQ(serve_site(files, get(path)).body(), "<h1>Aurelia</h1>") << path;
  }
  EXPECT_EQ(serve_site(files, get("/ru/docs/cases/aurelia")).body(), "<h1>Аурелия</h1>");
}

TEST_F(docs, a_section_without_its_part_leads_to_the_section_on_the_index) {
  for (const auto* path : {"/en/docs/cases", "/en/docs/cases/"}) {
    const auto res = serve_site(files, get(path));
    EXPECT_EQ(res.status, 301) << path;
    EXPECT_EQ(res.header("Location"), "/en/docs/#cases") << path;
  }
  EXPECT_EQ(serve_site(files, get("/ru/docs/about")).header("Location"), "/ru/docs/#about");
}

TEST_F(docs, a_path_that_names_no_article_gets_the_docs_404_of_its_language) {
  for (const auto* path :
       {"/en/docs/cases/nobody", "/en/docs/blog", "/en/docs/cases/aurelia/more", "/en/docs/404",
        "/en/docs/cases/aurelia.md", "/en/docsx", "/en/docs/a/b/c"}) {
    const auto res = serve_site(files, get(path));
    EXPECT_EQ(res.status, 404) << path;
    if (std::string_view(path) != "/en/docsx") {
      EXPECT_EQ(res.body(), "<h1>en no such doc</h1>") << path;
    }
  }
  // Without a docs 404 of its own, a locale answers with its site-wide one.
  const auto res = serve_site(files, get("/ru/docs/cases/nobody"));
  EXPECT_EQ(res.status, 404);
  EXPECT_EQ(res.body(), "<h1>ru missing</h1>");
}

// Every page has one address, its route: by its file's name it is not found, and the pages that
// only answer errors (404, the form's error pages) never answer 200.
TEST_F(docs, no_page_answers_by_its_file_name) {
  files.add("/en/thanks.html", "<h1>thanks</h1>");
  files.add("/en/404.html", "<h1>en missing</h1>");
  files.add("/en/form-error.html", "<h1>form error</h1>");
  for (const auto* path :
       {"/en/index.html", "/ru/index.html", "/ru/404.html", "/en/404.html", "/en/thanks.html",
        "/en/form-error.html", "/en/docs/index.html", "/en/docs/404.html",
        "/en/docs/cases/aurelia.html", "/ru/docs/cases/aurelia.html"}) {
    const auto res = serve_site(files, get(path));
    EXPECT_EQ(res.status, 404) << path;
    EXPECT_EQ(res.body().find("<h1>thanks</h1>"), std::string_view::npos) << path;
  }
  EXPECT_EQ(serve_site(files, get("/en/docs/404.html")).body(), "<h1>en no such doc</h1>");
  EXPECT_EQ(serve_site(files, get("/en/thanks")).status, 200);
  EXPECT_EQ(serve_site(files, get("/en/docs/cases/aurelia")).status, 200);
}

TEST_F(handler, precompresses_only_when_smaller) {
  auto req = get("/assets/app-x1.js");
  req.headers = {{"Accept-Encoding", "br"}};
  EXPECT_EQ(serve_site(files, req).header("Content-Encoding"), "br");
  req = get("/robots.txt");
  req.headers = {{"Accept-Encoding", "br"}};
  EXPECT_EQ(serve_site(files, req).header("Content-Encoding"), "");
}

class editor : public handler {
 protected:
  void SetUp() override {
    handler::SetUp();
    files.add("/admin/index.html", "<title>Editor</title>");
    files.add("/admin/sveltia-cms.js", std::string(4000, 'c'));
  }
};

TEST_F(editor, its_folder_serves_its_page_under_its_own_policy_never_cached_nor_indexed) {
  for (const auto* path : {"/admin/", "/admin/index.html"}) {
    const auto res = serve_site(files, get(path));
    EXPECT_EQ(res.status, 200) << path;
    EXPECT_EQ(res.body(), "<title>Editor</title>") << path;
    EXPECT_EQ(res.security, http::policy::editor) << path;
    EXPECT_EQ(res.header("Cache-Control"), "no-store") << path;
    EXPECT_EQ(res.header("X-Robots-Tag"), "noindex, nofollow") << path;
  }
  const auto script = serve_site(files, get("/admin/sveltia-cms.js"));
  EXPECT_EQ(script.security, http::policy::editor);
  EXPECT_EQ(script.header("Cache-Control"), "no-store");
}

TEST_F(editor, the_bare_name_moves_to_the_folder_and_a_missing_file_is_a_plain_404) {
  const auto moved = serve_site(files, get("/admin"));
  EXPECT_EQ(moved.status, 301);
  EXPECT_EQ(moved.header("Location"), "/admin/");
  EXPECT_EQ(moved.security, http::policy::editor);
  const auto missing = serve_site(files, get("/admin/nothing.js"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.body(), "404 Not Found\n");
  EXPECT_EQ(missing.security, http::policy::editor);
}

TEST_F(editor, public_pages_and_lookalike_paths_keep_the_site_policy) {
  for (const auto* path : {"/en/", "/robots.txt", "/administrator", "/en/admin/"}) {
    EXPECT_EQ(serve_site(files, get(path)).security, http::policy::site) << path;
  }
  EXPECT_EQ(serve_site(files, get("/robots.txt")).header("X-Robots-Tag"), "");
}

TEST_F(handler, a_site_built_without_the_editor_treats_its_path_like_any_other) {
  const auto res = serve_site(files, get("/admin/"));
  EXPECT_EQ(res.security, http::policy::site);
  EXPECT_NE(res.status, 200);
}

}  // namespace
}  // namespace landing::site
