#pragma once

#include <string>
#include <string_view>
#include <vector>

// Text compared as a person reads it rather than byte by byte, for the rare places that look a
// person up by what they typed: `leads export/erase --email`, and the check that an erasure's
// reason does not name the person erased. utf8proc (Unicode's own tables) does the folding and
// libidn2 the domains, rather than tables kept by hand.
namespace landing::fold {

// NFKC with full Unicode case folding, default-ignorable characters dropped: "ＡＮＮＡ",
// "Anna" and "anna" fold alike, as do "Straße" and "STRASSE". Invalid UTF-8 is folded as
// bytes, ASCII letters lowercased.
std::string folded(std::string_view text);

// The words of folded(text): runs of letters, combining marks and digits; everything else
// (spaces, punctuation, symbols) only separates them.
std::vector<std::string> words(std::string_view text);

// An e-mail address as a key to compare by: the local part folded; the domain folded and in its
// ASCII form (IDNA 2008, non-transitional), so "ÄNNA@Bücher.example" and
// "änna@xn--bcher-kva.example" give one key. A domain IDNA refuses is kept folded.
std::string email_key(std::string_view email);

}  // namespace landing::fold
