// Whatever the Bot API sends back: a status from the first two bytes, the rest as the body.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "common/utf8.hpp"
#include "telegram/bot_client.hpp"

using namespace landing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const long status = data[0] % 2 ? 429 : (data[0] << 8 | data[1]) % 600;
  const std::string_view body(reinterpret_cast<const char*>(data) + 2, size - 2);
  const auto result = telegram::classify_answer(status, body);
  if (result.outcome == telegram::send_result::retry_after &&
      (result.retry_after_s < telegram::retry_after_min_s ||
       result.retry_after_s > telegram::retry_after_max_s)) {
    std::abort();
  }
  // Only a 200 is a delivery, or an edit's 400 that says the message already is as asked.
  if (result.outcome == telegram::send_result::delivered && status != 200 &&
      (status != 400 || body.find("message is not modified") == std::string_view::npos)) {
    std::abort();
  }
  if (result.migrate_to_chat_id != 0 && status != 400) std::abort();
  if (!utf8::decode(result.reason)) std::abort();
  if (result.reason.size() > telegram::description_max + 32) std::abort();
  return 0;
}
