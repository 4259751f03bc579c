#include "webhook/target.hpp"

#include <gtest/gtest.h>

namespace landing::webhook {
namespace {

using boost::asio::ip::make_address;

TEST(target, every_address_class_is_named_and_refused_without_the_allow_flag) {
  const std::vector<std::pair<const char*, address_class>> cases{
      {"127.0.0.1", address_class::loopback},
      {"127.255.0.9", address_class::loopback},
      {"::1", address_class::loopback},
      {"10.1.2.3", address_class::private_use},
      {"172.16.0.1", address_class::private_use},
      {"172.31.255.255", address_class::private_use},
      {"192.168.1.1", address_class::private_use},
      {"100.64.0.1", address_class::private_use},
      {"169.254.169.254", address_class::link_local},
      {"fe80::1", address_class::link_local},
      {"fd00::1", address_class::unique_local},
      {"fc12:3456::1", address_class::unique_local},
      {"::ffff:127.0.0.1", address_class::loopback},
      {"::ffff:10.0.0.1", address_class::private_use},
      {"0.0.0.0", address_class::unspecified},
      {"::", address_class::unspecified},
      {"224.0.0.1", address_class::reserved},
      {"255.255.255.255", address_class::reserved},
      {"192.0.2.1", address_class::reserved},
      {"2001:db8::1", address_class::reserved},
      {"93.184.216.34", address_class::global},
      {"172.32.0.1", address_class::global},
      {"2606:4700::1111", address_class::global},
  };
  for (const auto& [text, kind] : cases) {
    const auto address = make_address(text);
    EXPECT_EQ(classify(address), kind) << text;
    const auto refused = refusal(address, true, false);
    EXPECT_EQ(refused.has_value(), kind != address_class::global) << text;
    if (refused) {
      EXPECT_NE(refused->find(class_name(kind)), std::string::npos) << *refused;
    }
  }
}

TEST(target, the_allow_flag_opens_private_classes_and_plain_http_only_to_them) {
  for (const char* text : {"127.0.0.1", "::1", "10.0.0.1", "169.254.1.1", "fd00::1"}) {
    EXPECT_FALSE(refusal(make_address(text), false, true)) << text;
  }
  for (const char* text : {"0.0.0.0", "224.0.0.1", "2001:db8::1"}) {
    EXPECT_TRUE(refusal(make_address(text), true, true)) << text << ": never a receiver";
  }
  EXPECT_FALSE(refusal(make_address("93.184.216.34"), true, true));
  const auto clear = refusal(make_address("93.184.216.34"), false, true);
  ASSERT_TRUE(clear);
  EXPECT_NE(clear->find("https"), std::string::npos);
}

TEST(target, a_url_is_checked_before_any_connection) {
  EXPECT_EQ(check_url("https://crm.example.com/hooks/leads", false).error, "");
  EXPECT_EQ(check_url("http://127.0.0.1:9000/hook", true).error, "");
  for (const auto& [url, says] : std::vector<std::pair<const char*, const char*>>{
           {"crm.example.com/hook", "absolute"},
           {"ftp://crm.example.com/hook", "https"},
           {"http://crm.example.com/hook", "https"},
           {"https://user:pass@crm.example.com/hook", "password"},
           {"https://127.0.0.1/hook", "--webhook-allow-private"},
           {"https://[::1]:8443/hook", "loopback"},
           {"https://169.254.169.254/latest/meta-data", "link-local"},
           {"https://0.0.0.0/hook", "unspecified"},
       }) {
    const auto checked = check_url(url, false);
    EXPECT_NE(checked.error.find(says), std::string::npos) << url << ": " << checked.error;
  }
}

}  // namespace
}  // namespace landing::webhook
