#include "leads/cli.hpp"

#include <gtest/gtest.h>

namespace landing::leads::cli {
namespace {

// A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice), so it
// shows as text; every other cell is only quoted.
TEST(cli, csv_cells_that_look_like_formulas_are_neutralised) {
  for (const std::string formula :
       {"=HYPERLINK(\"http://evil.example\",\"x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1",
        "  =1+1", "＝1+1", "＋1", "－1", "＠SUM(A1)"}) {
    const auto cell = csv_field(formula);
    EXPECT_TRUE(cell.starts_with("\"'")) << formula << " -> " << cell;
  }
  for (const std::string text :
       {"Anna", "anna@example.com", "1+1=2", "Hello, world", "", "   ", "Анна", "a-b", "(=)"}) {
    EXPECT_FALSE(csv_field(text).starts_with("\"'")) << text;
  }
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("=\"x\""), "\"'=\"\"x\"\"\"");
}

}  // namespace
}  // namespace landing::leads::cli
