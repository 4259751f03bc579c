#include "http/date.hpp"

#include <gtest/gtest.h>

#include <ctime>

#include "http/response.hpp"

namespace landing::http {
namespace {

TEST(http_date, formats_imf_fixdate) {
  EXPECT_EQ(http_date(784111777), "Sun, 06 Nov 1994 08:49:37 GMT");  // RFC 9110's example
  EXPECT_EQ(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(http_date(1795305600), "Sun, 22 Nov 2026 00:00:00 GMT");
  EXPECT_EQ(http_date(951782400), "Tue, 29 Feb 2000 00:00:00 GMT");
}

TEST(http_date, every_head_carries_the_current_date) {
  const auto before = std::time(nullptr);
  response res = text_response(404, "text/plain", "missing\n");
  const auto head = serialize_head(res, true);
  const auto after = std::time(nullptr);
  const auto at = head.find("\r\nDate: ");
  ASSERT_NE(at, std::string::npos) << head;
  const auto value = head.substr(at + 8, head.find("\r\n", at + 2) - at - 8);
  EXPECT_TRUE(value == http_date(before) || value == http_date(after)) << value;
}

}  // namespace
}  // namespace landing::http
