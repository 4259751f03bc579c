#pragma once

#include <chrono>
#include <cstddef>

namespace landing::http::limits {

using namespace std::chrono_literals;

inline constexpr std::size_t header_bytes = std::size_t{8} * 1024;
inline constexpr std::size_t body_bytes = std::size_t{16} * 1024;

// A client gets this long to send a whole request head, so a slow sender (slowloris) holds a
// connection slot for a bounded time only.
inline constexpr auto header_deadline = 10s;
// Between requests on a kept-alive connection.
inline constexpr auto idle_deadline = 15s;
inline constexpr auto body_deadline = 10s;
// Large files to slow readers; generous, but still bounded.
inline constexpr auto write_deadline = 60s;
// After SIGTERM, in-flight work gets this long before the server stops anyway.
inline constexpr auto shutdown_grace = 10s;

inline constexpr std::size_t default_max_connections = 10000;

}  // namespace landing::http::limits
