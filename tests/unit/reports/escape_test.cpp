#include <gtest/gtest.h>

#include "reports/escape.hpp"

namespace assay {
namespace {

TEST(Escape, Html) {
  EXPECT_EQ(escape_html("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(escape_html("ünicode ✓"), "ünicode ✓");
}

TEST(Escape, XmlDropsForbiddenControlCharacters) {
  EXPECT_EQ(escape_xml(std::string("a\x01" "b\nc<")), "ab\nc&lt;");
}

TEST(Escape, LatexSpecials) {
  EXPECT_EQ(escape_latex("100% a_b & #1 $x {y} ~ ^ \\"),
            "100\\% a\\_b \\& \\#1 \\$x \\{y\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}");
  EXPECT_EQ(escape_latex("two\nlines"), "two lines");
}

TEST(Escape, CsvQuotesOnlyWhenNeeded) {
  EXPECT_EQ(escape_csv("plain"), "plain");
  EXPECT_EQ(escape_csv("a,b"), "\"a,b\"");
  EXPECT_EQ(escape_csv("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(escape_csv("two\nlines"), "\"two\nlines\"");
}


// A cell starting with = + - @ is a formula to a spreadsheet (CSV injection).
TEST(Escape, CsvNeutralisesFormulas) {
  EXPECT_EQ(escape_csv("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(escape_csv("+1+2"), "'+1+2");
  EXPECT_EQ(escape_csv("-2+3"), "'-2+3");
  EXPECT_EQ(escape_csv("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(escape_csv("\tcmd"), "'\tcmd");
  EXPECT_EQ(escape_csv("-"), "-");       // the "no value" cell
  EXPECT_EQ(escape_csv("-1"), "-1");     // numbers stay numbers
  EXPECT_EQ(escape_csv("0.750"), "0.750");
  EXPECT_EQ(escape_csv("a=b"), "a=b");   // only the first character counts
}

// ESC and the other control bytes of a case's output never reach a terminal raw.
TEST(Escape, ControlBytesAreShownNotSent) {
  EXPECT_EQ(one_line("red \x1b[31mX\x1b[0m\a\x7f"), "red \\x1b[31mX\\x1b[0m\\x07\\x7f");
  EXPECT_EQ(one_line("csi \xc2\x9b" "2J"), "csi \\u009b2J");
  EXPECT_EQ(one_line("tab\tnew\nline ünicode ✓"), "tab new line ünicode ✓");
  EXPECT_EQ(escape_markdown("a\x1b[2Jb"), "a\\\\x1b\\[2Jb");
  EXPECT_EQ(escape_latex("a\x1b" "b"), "a\\textbackslash{}x1bb");
}

TEST(Escape, MarkdownIsTableSafe) {
  EXPECT_EQ(escape_markdown("a|b *c* <d>\ne"), "a\\|b \\*c\\* &lt;d&gt; e");
  EXPECT_EQ(escape_markdown("$5 ~x~"), "\\$5 \\~x\\~");
}

TEST(Escape, RatioFormatting) {
  EXPECT_EQ(format_ratio(0.75), "0.750");
  EXPECT_EQ(format_ratio(std::nullopt), "n/a");
}

}  // namespace
}  // namespace assay
