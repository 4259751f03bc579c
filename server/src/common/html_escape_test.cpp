#include "common/html_escape.hpp"

#include <gtest/gtest.h>

namespace landing {
namespace {

TEST(html_escape, escapes_markup_and_both_quotes) {
  EXPECT_EQ(escape_html(R"(<script>alert("x")</script>)"),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  EXPECT_EQ(escape_html("a[title='1 & 2']"), "a[title=&#39;1 &amp; 2&#39;]");
  EXPECT_EQ(escape_html("div.cards > p"), "div.cards &gt; p");
}

TEST(html_escape, keeps_unicode_and_shows_what_would_hide_or_reorder_text_as_escapes) {
  EXPECT_EQ(escape_html("кнопка.отправить"), "кнопка.отправить");
  EXPECT_EQ(escape_html("a\x1b[2Jb"), "a\\u001b[2Jb");
  EXPECT_EQ(escape_html("a\xC2\x85z"), "a\\u0085z") << "C1 next line";
  EXPECT_EQ(escape_html("a\xFF"), "a\\xff");
  EXPECT_EQ(escape_html("tab\tand\nline"), "tab\tand\nline");
  // A right-to-left override would make "#exe.jpg" of "#gpj.exe"; a line separator would start a
  // row of its own.
  EXPECT_EQ(escape_html("#\u202Egpj.exe"), "#\\u202egpj.exe");
  EXPECT_EQ(escape_html("a\u2028b\u2029c\u2066d"), "a\\u2028b\\u2029c\\u2066d");
}

}  // namespace
}  // namespace landing
