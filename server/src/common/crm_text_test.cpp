#include "common/crm_text.hpp"

#include <gtest/gtest.h>

namespace landing::crm_text {
namespace {

TEST(crm_text, a_phone_number_is_told_from_a_handle) {
  for (const auto* phone : {"+7 (999) 123-45-67", "89991234567", "+49 151 2345 6789"}) {
    EXPECT_TRUE(phone_like(phone)) << phone;
  }
  for (const auto* handle : {"@anna_dev", "t.me/anna_dev", "anna", "123456", "+7 999 abc", ""}) {
    EXPECT_FALSE(phone_like(handle)) << handle;
  }
}

TEST(crm_text, a_time_is_written_to_the_minute_in_utc) {
  EXPECT_EQ(utc_minute(1790000000000), "2026-09-21 14:13 UTC");
  EXPECT_EQ(utc_minute(0), "1970-01-01 00:00 UTC");
}

}  // namespace
}  // namespace landing::crm_text
