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

TEST(html_escape, keeps_unicode_and_replaces_control_characters_and_invalid_bytes) {
  EXPECT_EQ(escape_html("кнопка.отправить"), "кнопка.отправить");
  EXPECT_EQ(escape_html("a\x1b[2Jb"), "a\xEF\xBF\xBD[2Jb");
  EXPECT_EQ(escape_html("a\xC2\x85z"), "a\xEF\xBF\xBDz") << "C1 next line";
  EXPECT_EQ(escape_html("a\xFF"), "a\\xff");
  EXPECT_EQ(escape_html("tab\tand\nline"), "tab\tand\nline");
}

}  // namespace
}  // namespace landing
