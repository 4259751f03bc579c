#include "common/fold.hpp"

#include <gtest/gtest.h>

namespace landing::fold {
namespace {

TEST(fold, folds_case_width_and_compatibility_forms_alike) {
  EXPECT_EQ(folded("Anna"), "anna");
  EXPECT_EQ(folded("ＡＮＮＡ"), "anna");
  EXPECT_EQ(folded("ВАСИЛИСА"), "василиса");
  EXPECT_EQ(folded("Straße"), folded("STRASSE"));
  EXPECT_EQ(folded("ǅ"), "dž");
  // A combining accent and the precomposed letter are one thing; a zero-width space is nothing.
  EXPECT_EQ(folded("A\u0301nna"), folded("Ánna"));
  EXPECT_EQ(folded("An\u200Bna"), "anna");
  EXPECT_EQ(folded("a＠b"), "a@b");
  EXPECT_EQ(folded("\xFF"
                   "AB"),
            "\xFF"
            "ab");
}

TEST(fold, words_are_runs_of_letters_marks_and_digits) {
  EXPECT_EQ(words("  Premudraya,  Vasilisa!! 7th"),
            (std::vector<std::string>{"premudraya", "vasilisa", "7th"}));
  EXPECT_EQ(words("vasilisa.premudraya@example.com"),
            (std::vector<std::string>{"vasilisa", "premudraya", "example", "com"}));
  EXPECT_EQ(words("Ёлка—ёлка"), (std::vector<std::string>{"ёлка", "ёлка"}));
  EXPECT_TRUE(words(" .,-— ").empty());
}

TEST(fold, an_email_key_ignores_case_everywhere_and_the_domains_form) {
  EXPECT_EQ(email_key("änna@example.com"), email_key("ÄNNA@EXAMPLE.COM"));
  EXPECT_EQ(email_key("Änna@Bücher.example"), email_key("änna@xn--bcher-kva.example"));
  EXPECT_EQ(email_key("änna@XN--BCHER-KVA.example"), "änna@xn--bcher-kva.example");
  EXPECT_EQ(email_key("анна@пример.рф"), email_key("АННА@ПРИМЕР.РФ"));
  EXPECT_NE(email_key("anna@example.com"), email_key("anna@example.org"));
  EXPECT_NE(email_key("anna@example.com"), email_key("ana@example.com"));
  // A domain IDNA refuses is still compared folded.
  EXPECT_EQ(email_key("a@B_C.example"), email_key("A@b_c.EXAMPLE"));
}

}  // namespace
}  // namespace landing::fold
