#pragma once

#include <optional>
#include <string_view>

#include "storage/lead.hpp"

// An erasure's reason is kept for good in the erasure log, which holds no personal data, so a
// reason that names the person erased would put them back. This finds one however it is
// written: the reason and the person's details are compared after NFKC and case folding
// (common/fold.hpp), with spaces, punctuation and symbols only separating words.
namespace landing::privacy {

// The detail of `who` the reason repeats ("name", "e-mail" or "handle"), or nullopt. Refused:
// - a word of the name of 3 letters or more as a word of the reason, or one of 5 or more
//   inside a longer word ("Vasilisa's", "VasilisaP");
// - the e-mail's local part of 3 characters or more, "." "_" "-" and the like ignored; a
//   shorter one with its domain, "@" written or said "at" and "." said "dot";
// - the handle with or without "@", whole or the last part of a link (t.me/…).
std::optional<std::string_view> repeated_detail(std::string_view reason,
                                                const storage::contact_fields& who);

}  // namespace landing::privacy
