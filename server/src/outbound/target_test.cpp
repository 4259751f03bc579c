#include "outbound/target.hpp"

#include <gtest/gtest.h>

namespace landing::outbound {
namespace {

using boost::asio::ip::make_address;

const reach closed{false, "--webhook-allow-private"};
const reach open{true, "--webhook-allow-private"};

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
    const auto refused = refusal(address, true, closed);
    EXPECT_EQ(refused.has_value(), kind != address_class::global) << text;
    if (refused) {
      EXPECT_NE(refused->find(class_name(kind)), std::string::npos) << *refused;
    }
  }
}

// Every IPv6 form that carries an IPv4 address, with every kind of IPv4 address in it.
TEST(target, an_ipv6_form_of_an_ipv4_address_is_judged_by_the_ipv4_address) {
  using bytes = boost::asio::ip::address_v6::bytes_type;
  const auto v6 = [](bytes b) { return boost::asio::ip::address(boost::asio::ip::address_v6(b)); };
  const std::vector<const char*> inside{
      "127.0.0.1", "10.1.2.3",  "172.16.0.1", "192.168.1.1", "100.64.0.1",   "169.254.169.254",
      "0.0.0.0",   "224.0.0.1", "192.0.2.1",  "8.8.8.8",     "93.184.216.34"};
  for (const auto* text : inside) {
    const auto v4 = make_address(text).to_v4();
    const auto expected = classify(v4);
    const auto q = v4.to_bytes();
    const std::vector<std::pair<std::string, bytes>> forms{
        {"IPv4-compatible ::/96", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, q[0], q[1], q[2], q[3]}},
        {"NAT64 64:ff9b::/96",
         {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0, q[0], q[1], q[2], q[3]}},
        {"local NAT64 64:ff9b:1::/48, /96 layout",
         {0, 0x64, 0xff, 0x9b, 0, 1, 0, 0, 0, 0, 0, 0, q[0], q[1], q[2], q[3]}},
        {"local NAT64 64:ff9b:1::/48, /48 layout",
         {0, 0x64, 0xff, 0x9b, 0, 1, q[0], q[1], 0, q[2], q[3], 0, 0, 0, 0, 0}},
        {"6to4 2002::/16", {0x20, 0x02, q[0], q[1], q[2], q[3], 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}},
        {"Teredo server 2001::/32",
         {0x20, 0x01, 0, 0, q[0], q[1], q[2], q[3], 0, 0, 0, 0, 0xf7, 0xf7, 0xf7, 0xf7}},
        {"Teredo client 2001::/32",
         {0x20, 0x01, 0, 0, 93, 184, 216, 34, 0, 0, 0, 0, static_cast<unsigned char>(~q[0]),
          static_cast<unsigned char>(~q[1]), static_cast<unsigned char>(~q[2]),
          static_cast<unsigned char>(~q[3])}},
    };
    for (const auto& [form, b] : forms) {
      const auto address = v6(b);
      EXPECT_EQ(classify(address), expected) << form << " " << address.to_string();
      EXPECT_EQ(refusal(address, true, closed).has_value(), expected != address_class::global)
          << form << " " << address.to_string();
    }
  }
  EXPECT_EQ(classify(make_address("::127.0.0.1")), address_class::loopback);
  EXPECT_EQ(classify(make_address("64:ff9b::10.0.0.1")), address_class::private_use);
  EXPECT_EQ(classify(make_address("2002:a9fe:a9fe::1")), address_class::link_local);
}

TEST(target, the_allow_flag_opens_private_classes_and_plain_http_only_to_them) {
  for (const char* text : {"127.0.0.1", "::1", "10.0.0.1", "169.254.1.1", "fd00::1"}) {
    EXPECT_FALSE(refusal(make_address(text), false, open)) << text;
  }
  for (const char* text : {"0.0.0.0", "224.0.0.1", "2001:db8::1"}) {
    EXPECT_TRUE(refusal(make_address(text), true, open)) << text << ": never a receiver";
  }
  EXPECT_FALSE(refusal(make_address("93.184.216.34"), true, open));
  const auto clear = refusal(make_address("93.184.216.34"), false, open);
  ASSERT_TRUE(clear);
  EXPECT_NE(clear->find("https"), std::string::npos);
}

TEST(target, a_url_is_checked_before_any_connection) {
  EXPECT_EQ(check_url("https://crm.example.com/hooks/leads", closed).error, "");
  EXPECT_EQ(check_url("http://127.0.0.1:9000/hook", open).error, "");
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
    const auto checked = check_url(url, closed);
    EXPECT_NE(checked.error.find(says), std::string::npos) << url << ": " << checked.error;
  }
}

}  // namespace
}  // namespace landing::outbound
