#include "storage/last_write.hpp"

#include <gtest/gtest.h>

namespace landing::storage {
namespace {

TEST(last_write, a_failure_stands_until_a_write_succeeds) {
  last_write record;
  EXPECT_FALSE(record.failing());
  EXPECT_EQ(record.failure().first, fault::none);
  record.failed("No space left on device", fault::disk_full);
  EXPECT_TRUE(record.failing());
  EXPECT_EQ(record.failure(),
            std::make_pair(fault::disk_full, std::string("No space left on device")));
  // A later failure replaces it; an unnamed one is reported as write_failed.
  record.failed("disk I/O error", fault::none);
  EXPECT_EQ(record.failure(), std::make_pair(fault::write_failed, std::string("disk I/O error")));
  record.succeeded();
  EXPECT_FALSE(record.failing());
  EXPECT_EQ(record.failure(), std::make_pair(fault::none, std::string()));
}

}  // namespace
}  // namespace landing::storage
