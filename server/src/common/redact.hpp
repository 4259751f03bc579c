#pragma once

#include <string>
#include <string_view>

// Secrets out of text that leaves the process: log lines, error messages, command-line errors.
namespace landing {

// Every occurrence of `secret` replaced by "<redacted>".
std::string redact(std::string text, std::string_view secret);

// The password of every "scheme://user:password@" in the text replaced by "***", so a database
// URI can be named in a message without giving its password away.
std::string redact_uris(std::string_view text);

}  // namespace landing
