#pragma once

#include <ostream>

#include "amocrm/channel.hpp"

namespace landing::amocrm::cli {

// `landing-server amocrm test`: one marked test lead to the account's incoming leads, and what
// it answered in plain words. 0 when it took the lead.
int test(const channel_options& options, std::ostream& out, std::ostream& err);

}  // namespace landing::amocrm::cli
