#pragma once

#include <string>

#include "app/config.hpp"
#include "storage/settings.hpp"

namespace landing::app {

// The secret every replica signs proofs of work with: --proof-secret-file, else the systemd
// credential proof-secret, else one the first replica draws and stores in the database (the
// setting proof_secret), which the others then read. Throws std::runtime_error, naming the
// file, when one is given and unusable; the secret itself is never in a message.
std::string proof_secret_of(const config& cfg, storage::settings_role& settings);

}  // namespace landing::app
