// Memory-access diagrams from hand-made findings.
#include <gtest/gtest.h>

#include <sstream>

#include "fixtures.hpp"
#include "reports/diagram.hpp"
#include "reports/reporter.hpp"

namespace assay {
namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto p = text.find(part); p != std::string::npos; p = text.find(part, p + 1)) ++n;
  return n;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Access access(std::string op, std::string kind, std::string addr, std::int64_t size, std::optional<std::int64_t> time,
              std::optional<std::int64_t> end_time = std::nullopt, int line = 0) {
  Access a;
  a.op = std::move(op);
  a.kind = std::move(kind);
  a.rank = 0;
  a.addr = std::move(addr);
  a.size = size;
  a.file = "/abs/cases/rma/fence/put-then-store-nok.c";
  a.line = line;
  a.time = time;
  a.end_time = end_time;
  return a;
}

// A store into the origin buffer of a pending Put, a Get into another buffer
// far away, and an earlier load outside the Put's interval.
Finding put_store_race() {
  Finding f;
  f.backend = "pmpi";
  f.error_class = "rma.local.origin-write-during-put";
  f.rank = 0;
  f.message = "store to the origin buffer of a pending MPI_Put";
  f.accesses = {access("store", "write", "0x7ffd1004", 4, 3, std::nullopt, 14),
                access("MPI_Put", "read", "0x7ffd1000", 16, 2, 5, 13),
                access("MPI_Get", "write", "0x55aa0000", 64, 1, 6, 12),
                access("load", "read", "0x7ffd1008", 8, 7, std::nullopt, 16)};
  return f;
}

TEST(Diagram, OneRectanglePerAsynchronousAccessAndOneLinePerLoadOrStore) {
  auto svg = memory_access_diagram(put_store_race());
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->rfind("<svg class=\"mad\"", 0), 0u) << *svg;
  EXPECT_EQ(count(*svg, "<rect class=\"async "), 2u) << *svg;
  EXPECT_EQ(count(*svg, "<line class=\"direct "), 2u) << *svg;
  EXPECT_EQ(count(*svg, "<rect class=\"async read"), 1u) << *svg;   // the Put reads its origin
  EXPECT_EQ(count(*svg, "<rect class=\"async write"), 1u) << *svg;  // the Get writes its origin
  EXPECT_EQ(count(*svg, "<line class=\"direct write"), 1u) << *svg;
  EXPECT_EQ(count(*svg, "<line class=\"direct read"), 1u) << *svg;
  EXPECT_TRUE(has(*svg, "stroke=\"#2a9d3a\"")) << *svg;  // green read
  EXPECT_TRUE(has(*svg, "stroke=\"#d62828\"")) << *svg;  // red write
  // Two address bands (stack and heap), each with its bounds; axes and legend.
  EXPECT_EQ(count(*svg, "<rect class=\"band\""), 2u) << *svg;
  EXPECT_TRUE(has(*svg, ">0x7ffd1000<")) << *svg;
  EXPECT_TRUE(has(*svg, ">0x55aa0040<")) << *svg;
  EXPECT_TRUE(has(*svg, "logical time on rank 0")) << *svg;
  EXPECT_TRUE(has(*svg, ">address<")) << *svg;
  EXPECT_TRUE(has(*svg, "conflicting pair")) << *svg;
  EXPECT_FALSE(has(*svg, "<script")) << *svg;
}

TEST(Diagram, TheConflictingPairIsHighlighted) {
  auto svg = *memory_access_diagram(put_store_race());
  EXPECT_EQ(count(svg, "class=\"halo\""), 2u) << svg;
  EXPECT_EQ(count(svg, " conflict\""), 2u) << svg;
  EXPECT_EQ(count(svg, "<line class=\"direct write conflict\""), 1u) << svg;
  EXPECT_EQ(count(svg, "<rect class=\"async read conflict\""), 1u) << svg;
  EXPECT_TRUE(has(svg, "1 store (write) 0x7ffd1004 +4 t=3 at fence/put-then-store-nok.c:14 [conflicting]"))
      << svg;
  EXPECT_TRUE(has(svg, "2 MPI_Put (read) 0x7ffd1000 +16 t=[2, 5) at fence/put-then-store-nok.c:13")) << svg;
}

TEST(Diagram, LabelsAndTooltipsNameTheOpAndSourceLocation) {
  auto svg = *memory_access_diagram(put_store_race());
  EXPECT_EQ(count(svg, "<title>"), 5u) << svg;  // the diagram and each of the four accesses
  EXPECT_TRUE(has(svg, "/abs/cases/rma/fence/put-then-store-nok.c:12")) << svg;
  EXPECT_EQ(count(svg, "class=\"access-label\""), 4u) << svg;
}

TEST(Diagram, OddCharactersAreEscaped) {
  Finding f = put_store_race();
  f.message = "<script>alert(\"x\")</script> & 'quoted'";
  f.accesses[0].op = "<script>";
  f.accesses[1].file = "/tmp/a&b\"<c>'.c";
  auto svg = *memory_access_diagram(f);
  EXPECT_FALSE(has(svg, "<script")) << svg;
  EXPECT_TRUE(has(svg, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;")) << svg;
  EXPECT_TRUE(has(svg, "1 &lt;script&gt; (write)")) << svg;
  EXPECT_TRUE(has(svg, "a&amp;b&quot;&lt;c&gt;&#39;.c")) << svg;
  EXPECT_FALSE(has(svg, "a&b")) << svg;
}

TEST(Diagram, NoDiagramWithoutTimesOrAddresses) {
  Finding f = put_store_race();
  for (auto& a : f.accesses) a.time.reset(), a.end_time.reset();
  EXPECT_FALSE(has_timed_accesses(f));
  EXPECT_FALSE(memory_access_diagram(f));

  Finding no_addr = put_store_race();
  for (auto& a : no_addr.accesses) a.addr.clear();
  EXPECT_TRUE(has_timed_accesses(no_addr));
  EXPECT_FALSE(memory_access_diagram(no_addr));

  EXPECT_FALSE(memory_access_diagram(Finding{}));
}

TEST(Diagram, AccessesWithoutEndTimeAreInstantaneousAndWithoutAddressAMarker) {
  Finding f = put_store_race();
  f.accesses[2].end_time.reset();  // the Get: now an instantaneous write
  f.accesses.push_back(access("MPI_Win_fence", "call", "", 0, 6));
  f.accesses.push_back(access("MPI_Barrier", "call", "", 0, std::nullopt));  // no time: not drawn
  f.accesses[3].rank = 1;  // the load, as if made by another rank
  auto svg = *memory_access_diagram(f);
  EXPECT_EQ(count(svg, "<rect class=\"async "), 1u) << svg;
  EXPECT_EQ(count(svg, "<line class=\"direct "), 3u) << svg;
  EXPECT_EQ(count(svg, "<path class=\"marker call\""), 1u) << svg;
  EXPECT_TRUE(has(svg, ">no address<")) << svg;
  EXPECT_TRUE(has(svg, "5 MPI_Win_fence (call) t=6")) << svg;
  EXPECT_FALSE(has(svg, "MPI_Barrier")) << svg;
  EXPECT_TRUE(has(svg, "4 load (read) 0x7ffd1008 +8 t=7 by rank 1 at")) << svg;
}

TEST(Diagram, OneByteAndLongRunsStayDrawable) {
  Finding f;
  f.error_class = "nb.buffer.write-during-send";
  f.accesses = {access("store", "write", "0x10", 0, 1000), access("MPI_Isend", "read", "0x10", 1, 0, 5000)};
  auto svg = *memory_access_diagram(f);
  EXPECT_EQ(count(svg, "<rect class=\"async "), 1u) << svg;
  EXPECT_EQ(count(svg, "<line class=\"direct "), 1u) << svg;
  EXPECT_TRUE(has(svg, "logical time of the reporting rank")) << svg;  // rank unknown
  EXPECT_LE(count(svg, "text-anchor=\"middle\">"), 14u) << svg;         // about ten time ticks, not 5000
  EXPECT_FALSE(has(svg, "nan")) << svg;
  EXPECT_FALSE(has(svg, "inf")) << svg;
}

// The HTML report embeds one diagram per finding with timed accesses and links
// to it from the case matrix.
TEST(Diagram, HtmlReportEmbedsTheDiagramsOfTheDiagramsJournal) {
  auto m = test::model_of("diagrams");
  ReportOptions o;
  o.output_dir = std::string(ASSAY_TEST_DATA_DIR) + "/reports/diagrams";
  std::ostringstream out;
  make_reporter("html", o)->report(m, out);
  const std::string html = out.str();
  EXPECT_EQ(count(html, "<svg class=\"mad\""), 3u) << html;
  EXPECT_EQ(count(html, "<div class=\"mad\" id=\"mad-"), 3u) << html;
  EXPECT_EQ(count(html, "<a class=\"mad-link\" href=\"#mad-"), 3u) << html;
  EXPECT_TRUE(has(html, "<h2>Memory-access diagrams</h2>")) << html;
  EXPECT_TRUE(has(html, "href=\"runs/pmpi-openmpi-rma_fence_put-then-store-nok-1/stderr\">stderr</a>")) << html;
  EXPECT_FALSE(has(html, "<script")) << html;
  EXPECT_FALSE(has(html, "http")) << html;

  // The fixed journal's findings carry no times: no diagram section.
  std::ostringstream fixed;
  make_reporter("html")->report(test::model_of("fixed"), fixed);
  EXPECT_FALSE(has(fixed.str(), "<svg class=\"mad\"")) << fixed.str();
  EXPECT_FALSE(has(fixed.str(), "Memory-access diagrams")) << fixed.str();
}

}  // namespace
}  // namespace assay
