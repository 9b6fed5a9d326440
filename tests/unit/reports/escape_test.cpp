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
