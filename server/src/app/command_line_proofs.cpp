#include "app/command_line_parts.hpp"

namespace landing::app {

void define_proof_options(CLI::App& cli, config& cfg) {
  cli.add_option("--proof-secret-file", cfg.proof_secret_file,
                 "the file holding the secret that signs proofs of work, the same for every "
                 "replica; default: the systemd credential proof-secret, else a secret the first "
                 "replica stores in the database")
      ->envname("LANDING_PROOF_SECRET_FILE");
  cli.add_option("--proof-iterations", cfg.proof_iterations,
                 "PBKDF2 iterations of one try at a challenge (the server derives one key a "
                 "challenge; the browser about max-counter × 3/4 of them)")
      ->envname("LANDING_PROOF_ITERATIONS")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cli.add_option("--proof-max-counter", cfg.proof_max_counter,
                 "the highest counter a challenge asks for; each draws one evenly from 0 to it")
      ->envname("LANDING_PROOF_MAX_COUNTER")
      ->check(CLI::Range(2L, 10000000L))
      ->capture_default_str();
  cli.add_option("--proof-lifetime", cfg.proof_lifetime_s,
                 "seconds a challenge may be solved and sent in")
      ->envname("LANDING_PROOF_LIFETIME")
      ->check(CLI::Range(60L, 86400L))
      ->capture_default_str();
  cli.add_option("--challenge-rate-burst", cfg.challenge_rate_burst,
                 "challenges a client may ask for at once")
      ->envname("LANDING_CHALLENGE_RATE_BURST")
      ->check(CLI::Range(1.0, 1000000.0))
      ->capture_default_str();
  cli.add_option("--challenge-rate-per-minute", cfg.challenge_rate_per_minute,
                 "challenges a client may ask for each minute after that")
      ->envname("LANDING_CHALLENGE_RATE_PER_MINUTE")
      ->check(CLI::Range(0.0, 1000000.0))
      ->capture_default_str();
  cli.add_option("--unproven-forms-per-hour", cfg.unproven_forms_per_hour,
                 "forms without a proof (posted without JavaScript) a client may send an hour")
      ->envname("LANDING_UNPROVEN_FORMS_PER_HOUR")
      ->check(CLI::Range(1.0, 1000000.0))
      ->capture_default_str();
  cli.add_flag("--proof-required-for-forms", cfg.proof_required_for_forms,
               "refuse a form posted without JavaScript (it cannot solve a challenge) instead of "
               "taking it marked as unproven")
      ->envname("LANDING_PROOF_REQUIRED_FOR_FORMS");
}

}  // namespace landing::app
