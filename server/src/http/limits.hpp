#pragma once

#include <chrono>
#include <cstddef>

namespace landing::http::limits {

using namespace std::chrono_literals;

inline constexpr std::size_t header_bytes = std::size_t{8} * 1024;
inline constexpr std::size_t body_bytes = std::size_t{16} * 1024;
// What a handler may allow a path (handler::body_limit) at most: Telegram's webhook posts a
// lead's whole message back with each click.
inline constexpr std::size_t largest_body_bytes = std::size_t{64} * 1024;

// A client gets this long to send a whole request head, so a slow sender (slowloris) holds a
// connection slot for a bounded time only.
inline constexpr auto header_deadline = 10s;
// Between requests on a kept-alive connection.
inline constexpr auto idle_deadline = 15s;
inline constexpr auto body_deadline = 10s;
// Large files to slow readers; generous, but still bounded.
inline constexpr auto write_deadline = 60s;
// After SIGTERM, in-flight work gets this long before the server stops anyway. With the
// longest drain delay it all fits in 15 s, inside systemd's default stop timeout and what an
// orchestrator waits before SIGKILL.
inline constexpr auto shutdown_grace = 9s;
// Once the listener is closed, an idle kept-alive connection may still bring one request (a
// proxy may have picked it from its pool just now); it is closed after this. A proxy in front
// should drop idle connections sooner (deploy/Caddyfile: keepalive 3s), so that it, not we,
// closes them and no request races a close.
inline constexpr auto drain_idle = 5s;
// --drain-delay-ms at most: how long /healthz says "draining" before the listener closes.
inline constexpr auto drain_delay_cap = 5s;

inline constexpr std::size_t default_max_connections = 10000;
// A browser opens six connections to a host; an office behind one NAT address, a few dozen.
inline constexpr std::size_t default_max_connections_per_client = 128;
// Descriptors kept out of the connection budget: the database, the site's memfds, the Bot API
// client, logs.
inline constexpr std::size_t spare_descriptors = 64;

// After accept fails for want of descriptors (or memory), it waits this long before trying
// again, doubling up to the cap, instead of spinning on a connection it cannot take.
inline constexpr auto accept_backoff_first = 10ms;
inline constexpr auto accept_backoff_cap = 1s;
// One shortage is one log line: it is over only once accepts have gone this long without failing.
inline constexpr auto accept_quiet = 2s;

}  // namespace landing::http::limits
