#pragma once

#include <array>
#include <string_view>

namespace landing::delivery {

// Every channel a lead can go to, by its name in the outbox (the command line checks against it).
inline constexpr std::array<std::string_view, 5> channel_names{"telegram", "webhook", "email",
                                                               "bitrix24", "amocrm"};

}  // namespace landing::delivery
