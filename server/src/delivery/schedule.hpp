#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>

namespace landing::delivery {

// When a webhook or a mail the receiver did not take is tried again: at once, then after these,
// about 75 hours in all (Standard Webhooks' and Svix's own schedule, stretched to cover a long
// weekend). After the last attempt the lead is failed for the channel.
inline constexpr std::array<std::chrono::seconds, 9> retry_delays{
    std::chrono::seconds(5), std::chrono::minutes(5), std::chrono::minutes(30),
    std::chrono::hours(2),   std::chrono::hours(5),   std::chrono::hours(10),
    std::chrono::hours(14),  std::chrono::hours(20),  std::chrono::hours(24)};
inline constexpr int max_attempts = static_cast<int>(retry_delays.size()) + 1;
// Each delay is moved by up to this share either way, so leads that failed together do not
// retry together.
inline constexpr double jitter = 0.2;

// The delay before retry number `attempt` (the one after attempt `attempt`), jittered; nothing
// after the last attempt.
std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random);

// A Retry-After value (RFC 9110 10.2.3: delay-seconds or an HTTP-date) as the wait from
// `now_ms`, between one second and a day; nothing when it is neither.
std::optional<std::int64_t> retry_after_ms(std::string_view value, std::int64_t now_ms);

}  // namespace landing::delivery
