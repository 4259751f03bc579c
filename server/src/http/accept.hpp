#pragma once

// The listener's side of http::serve (server.cpp): the I/O threads, and accepting connections
// through descriptor shortages. Only server.cpp uses it.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstddef>
#include <exception>
#include <memory>
#include <vector>

#include "http/deadlines.hpp"
#include "http/session.hpp"

namespace landing::http {

// One io_context per thread, each run by that thread alone: a connection lives on one of them
// (round-robin), so its handlers never contend for a shared reactor lock or need a strand.
// The watch is declared first so it outlives the context, whose destructor may still destroy
// session coroutines (after a forced stop) that hold entries in it.
struct worker {
  deadline_watch deadlines;
  boost::asio::io_context context{1};
};
using worker_list = std::vector<std::unique_ptr<worker>>;

// A coroutine that ends with an exception must not take the thread with it (asio::detached
// would rethrow it out of io_context::run): the one connection is lost, the server goes on.
void log_failure(const std::exception_ptr& failure);

// Connections the kernel completed but nobody accepted yet would be reset when the listener
// closes; they are taken and served (one request each) instead, until the first EAGAIN.
std::size_t take_queued(worker_list& workers, boost::asio::ip::tcp::acceptor& acceptor,
                        server_state& state);

// With SO_REUSEPORT, sends every new connection to the newest process on the port (accept.cpp
// says how), so an old one drains while its replacement takes the traffic.
void steer_to_newest(boost::asio::ip::tcp::acceptor& acceptor);

// Accepts until the acceptor closes, each connection on the next worker in turn; out of
// descriptors, it sheds load and backs off instead of spinning.
boost::asio::awaitable<void> accept_loop(worker_list& workers,
                                         boost::asio::ip::tcp::acceptor& acceptor,
                                         server_state& state);

// Runs a thread's io_context until it is stopped or runs out of work, whatever escapes it.
void run_context(boost::asio::io_context& context);

}  // namespace landing::http
