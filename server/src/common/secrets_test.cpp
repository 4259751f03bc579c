#include "common/secrets.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "temp_folder.hpp"

namespace landing {
namespace {

environment_lookup env_of(std::map<std::string, std::string> values) {
  return [values = std::move(values)](const char* name) -> std::optional<std::string> {
    const auto found = values.find(name);
    if (found == values.end()) return std::nullopt;
    return found->second;
  };
}

void put(const std::filesystem::path& file) { std::ofstream(file) << "s3cret\n"; }

TEST(secret_file, a_systemd_credential_comes_first_then_the_containers_secret) {
  const testing::temp_folder systemd;
  const testing::temp_folder compose;
  put(compose.path / "webhook-secret");
  const auto env = env_of({{"CREDENTIALS_DIRECTORY", systemd.path.string()},
                           {"LANDING_SECRETS_DIR", compose.path.string()}});
  EXPECT_EQ(secret_file("webhook-secret", env), compose.path / "webhook-secret");
  put(systemd.path / "webhook-secret");
  EXPECT_EQ(secret_file("webhook-secret", env), systemd.path / "webhook-secret");
  EXPECT_FALSE(secret_file("smtp-password", env)) << "neither folder holds it";
}

TEST(secret_file, the_containers_folder_is_run_secrets_unless_moved) {
  const testing::temp_folder compose;
  put(compose.path / "proof-secret");
  EXPECT_EQ(secret_file("proof-secret", env_of({{"LANDING_SECRETS_DIR", compose.path.string()}})),
            compose.path / "proof-secret");
  // No folder given: /run/secrets, which this machine's tests do not have such a secret in.
  EXPECT_FALSE(secret_file("landing-test-no-such-secret", env_of({})));
}

}  // namespace
}  // namespace landing
