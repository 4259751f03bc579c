#pragma once

#include <ostream>

#include "bitrix24/channel.hpp"

namespace landing::bitrix24::cli {

// `landing-server bitrix24 test`: one marked test lead to the portal, and what it answered in
// plain words. 0 when the portal took it.
int test(const channel_options& options, std::ostream& out, std::ostream& err);

}  // namespace landing::bitrix24::cli
