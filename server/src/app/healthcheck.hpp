#pragma once

#include <iosfwd>
#include <string>

#include "app/config.hpp"

namespace landing::app {

// The /healthz address of the server this machine runs at `listen` (--listen's address:port):
// a wildcard address (0.0.0.0, [::]) is asked on the loopback of its family.
std::string healthcheck_url(const std::string& listen);

// `landing-server healthcheck`: a container's health check with no shell and no curl in the
// image. 0 only when the server at --listen answers /healthz with 200 (ready: the store writable,
// not draining); 1 with the reason on `err` otherwise.
int healthcheck(const config& cfg, std::ostream& out, std::ostream& err);

}  // namespace landing::app
