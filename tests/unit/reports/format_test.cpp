// Every format against the same fixture journals (the google/benchmark way:
// one run, every reporter).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "reports/reporter.hpp"

namespace assay {
namespace {

using nlohmann::json;

std::string render(const ReportModel& m, const std::string& format, ReportOptions options = {}) {
  std::ostringstream out;
  make_reporter(format, options)->report(m, out);
  return out.str();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class EveryFormat : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryFormat, RendersTheFixedJournal) {
  auto out = render(test::model_of("fixed"), GetParam());
  EXPECT_TRUE(has(out, GetParam() == "csv" ? "pmpi,openmpi" : "pmpi/openmpi")) << out;
  EXPECT_TRUE(has(out, "rma/lock/remote-race-nok")) << out;
  EXPECT_FALSE(std::regex_search(out, std::regex(R"(\bnan\b)"))) << out;  // no NaN ratio ("Provenance" is fine)
}

TEST_P(EveryFormat, RendersAnEmptyJournal) {
  auto out = render(test::model_of("empty"), GetParam());
  EXPECT_FALSE(out.empty());
  if (GetParam() == "json") { EXPECT_TRUE(json::parse(out)["columns"].empty()); }
}

TEST_P(EveryFormat, RendersAJournalOfOnlyNotSupported) {
  auto out = render(test::model_of("ns-only"), GetParam());
  EXPECT_TRUE(has(out, GetParam() == "csv" ? "native,openmpi" : "native/openmpi")) << out;
  if (GetParam() != "junit") { EXPECT_TRUE(has(out, "coll")) << out; }
}

// The odd journal's reason and finding message hold <script>, quotes, &, %, _,
// a backslash, a newline and non-ASCII text: they must come out as text.
TEST_P(EveryFormat, OddCharactersAreEscaped) {
  auto out = render(test::model_of("odd"), GetParam());
  const std::string& f = GetParam();
  EXPECT_TRUE(has(out, "nic")) << out;
  if (f == "html" || f == "junit" || f == "md") {
    EXPECT_FALSE(has(out, "<script")) << out;
    EXPECT_TRUE(has(out, "&lt;script&gt;")) << out;
    EXPECT_TRUE(has(out, "ünicöde ✓")) << out;
  }
  if (f == "html" || f == "junit") { EXPECT_TRUE(has(out, "it&#39;s")) << out; }
  if (f == "latex") {
    EXPECT_TRUE(has(out, "100\\% of\\_data \\#1 \\$5 \\{x\\}")) << out;
    EXPECT_TRUE(has(out, "\\textbackslash{}\\textbackslash{} new line")) << out;
    EXPECT_FALSE(has(out, "<script")) << out;
  }
  if (f == "terminal") { EXPECT_TRUE(has(out, "\\\\ new line ünicöde ✓ it's")) << out; }
  if (f == "csv") { EXPECT_TRUE(has(out, "\"<script>alert(\"\"x\"\")</script> & 100% of_data")) << out; }
  if (f == "json") {
    auto doc = json::parse(out);
    EXPECT_EQ(doc["attention"][0]["reason"].get<std::string>().substr(0, 28), "<script>alert(\"x\")</script> ");
    EXPECT_TRUE(has(doc["attention"][0]["reason"].get<std::string>(), "\\\\ new\nline"));
  }
}

// Every format says which version of each tool, which manifest, MPI and runner
// measured a column; a column whose records disagree shows every value.
TEST_P(EveryFormat, ShowsWhatMeasuredEachColumn) {
  auto out = render(test::model_of("versions"), GetParam());
  for (const char* v : {"tool 9.3", "aaaabbbbccccdddd", "1111222233334444", "4.0.2", "0.2.0+abc", "0.2.0+def"})
    EXPECT_TRUE(has(out, v)) << v << " missing in:\n" << out;
  // A column's disagreeing values (the per-run CSV has each run's own).
  if (GetParam() != "json" && GetParam() != "csv") { EXPECT_TRUE(has(out, "2 values: 0.2.0+abc, 0.2.0+def")) << out; }
  if (GetParam() == "json") {
    auto doc = json::parse(out);
    EXPECT_EQ(doc["columns"][0]["backend_versions"], json({"tool 9.3"}));
    EXPECT_EQ(doc["columns"][1]["backend_versions"], json({"0.2.0+abc", "0.2.0+def"}));
  }
  if (GetParam() == "junit") { EXPECT_TRUE(has(out, R"(<property name="manifest" value="aaaabbbbccccdddd"/>)")) << out; }
}

// Journals written before versions were recorded still render, saying so.
TEST_P(EveryFormat, ShowsUnknownVersionsOfOldJournals) {
  auto out = render(test::model_of("fixed"), GetParam());
  EXPECT_TRUE(has(out, "unknown")) << out;
}

INSTANTIATE_TEST_SUITE_P(Reports, EveryFormat,
                         ::testing::Values("terminal", "md", "html", "csv", "json", "latex", "junit"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(Reporter, UnknownFormatIsRejected) {
  EXPECT_THROW(make_reporter("pdf"), std::invalid_argument);
  EXPECT_EQ(report_formats().size(), 8u);  // csv and csv-summary: one table each
}

TEST(TerminalReport, CoverageMetricsAndDefinitions) {
  auto out = render(test::model_of("fixed"), "terminal");
  EXPECT_TRUE(has(out, "precision       = TP / (TP + FP)")) << out;
  EXPECT_TRUE(has(out, "0.750")) << out;  // precision of pmpi/openmpi
  EXPECT_TRUE(has(out, "TP FN")) << out;  // the two runs of remote-race on pmpi/openmpi
  EXPECT_TRUE(has(out, "    rma.remote.conflict")) << out;
}

TEST(MarkdownReport, TablesAndDefinitions) {
  auto out = render(test::model_of("fixed"), "md");
  EXPECT_TRUE(has(out, "| class | native/openmpi | pmpi/mpich | pmpi/openmpi |\n|---|---:|---:|---:|")) << out;
  EXPECT_TRUE(has(out, "| `rma.local.origin-write-during-put` | NS | 1/1 | 1/1 |")) << out;
  EXPECT_TRUE(has(out, "| precision | n/a | 1.000 | 0.750 |")) << out;
  EXPECT_TRUE(has(out, "- **precision** = TP / (TP + FP)")) << out;
}

TEST(HtmlReport, SelfContainedWithColourScaleHatchedNsAndLinks) {
  auto m = test::model_of("fixed");
  ReportOptions o;
  o.output_dir = std::string(ASSAY_TEST_DATA_DIR) + "/reports/fixed";
  auto out = render(m, "html", o);
  EXPECT_TRUE(has(out, "<style>")) << out;
  EXPECT_FALSE(has(out, "<script")) << out;
  EXPECT_FALSE(has(out, "http")) << out;
  EXPECT_TRUE(has(out, "<td class=\"ns\"")) << out;
  EXPECT_TRUE(has(out, "background: hsl(120, 65%, 78%)")) << out;  // fully classified
  EXPECT_TRUE(has(out, "background: hsl(0, 65%, 78%)")) << out;    // none classified
  EXPECT_TRUE(has(out, "href=\"runs/pmpi-openmpi-rma_lock_remote-race-nok-2/stderr\"")) << out;
  EXPECT_TRUE(has(out, "<dt>precision</dt><dd>TP / (TP + FP)</dd>")) << out;

  o.output_dir = std::string(ASSAY_TEST_DATA_DIR) + "/reports/odd";
  EXPECT_TRUE(has(render(m, "html", o), "href=\"../fixed/runs/pmpi-mpich-rma_fence_get-load-nok-1/stderr\""));
}

// A case's output is data in every format: a CSV cell cannot start a formula,
// and ESC (terminal control sequences) never reaches a terminal raw.
TEST(OutputSafety, FormulasAndControlBytesFromCaseOutputAreInert) {
  JournalInput j;
  j.label = "safety";
  j.add_result({{"type", "result"}, {"case", "rma/fence/x-nok"}, {"family", "rma"}, {"group", "fence"},
                {"expect", {"rma.remote.conflict"}}, {"backend", "pmpi"}, {"mpi", "mpich"}, {"np", 2}, {"run", 1},
                {"outcome", "RE"}, {"reason", "=HYPERLINK(\"http://x\") \x1b]0;owned\x07 \x1b[2J"}});
  const ReportModel m = build_model({j}, test::fixture_taxonomy());
  for (const char* format : {"terminal", "md", "latex", "csv", "csv-summary", "junit", "html", "json"}) {
    const std::string out = render(m, format);
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << format << ":\n" << out;
  }
  EXPECT_TRUE(has(render(m, "terminal"), "\\x1b]0;owned\\x07 \\x1b[2J")) << render(m, "terminal");
  EXPECT_TRUE(has(render(m, "csv"), ",RE,\"'=HYPERLINK(\"\"http://x\"\")")) << render(m, "csv");
}

// CSV is one tidy table per format: every run (csv), counts per class and column (csv-summary).
TEST(CsvReport, OneTidyTablePerFormat) {
  auto runs = render(test::model_of("fixed"), "csv");
  EXPECT_EQ(runs.substr(0, runs.find('\n')),
            "journal,backend,mpi,case,family,group,expect,run,outcome,reason,stdout,stderr,backend_version,"
            "manifest_hash,mpi_version,runner_version,date");
  EXPECT_TRUE(has(runs, "fixed,pmpi,openmpi,rma/lock/remote-race-nok,rma,lock,rma.remote.conflict,2,FN,no finding,"))
      << runs;
  EXPECT_FALSE(has(runs, "\n\n")) << runs;  // one table, no blank line
  auto summary = render(test::model_of("fixed"), "csv-summary");
  EXPECT_EQ(summary.substr(0, summary.find('\n')),
            "journal,backend,mpi,level,family,class,cases,detected,classified,located_cases,not_supported,TP,FN,FP,TN,"
            "precision,recall,F1,located");
  EXPECT_TRUE(has(summary, "fixed,pmpi,openmpi,class,rma,rma.remote.conflict,1,1,1,0,0,")) << summary;
  EXPECT_FALSE(has(summary, "\n\n")) << summary;
}

// Every report but the CSV tables says when, where and by what command its results were made.
class MadeBy : public ::testing::TestWithParam<std::string> {};
TEST_P(MadeBy, EveryReportStatesWhenWhereAndHow) {
  auto out = render(test::model_of("fixed"), GetParam());
  if (GetParam() == "json") {
    auto session = json::parse(out)["sessions"][0];
    EXPECT_EQ(session["started"], "2026-11-22T08:00:00Z");
    EXPECT_EQ(session["host"], "h");
    EXPECT_EQ(session["mpi_versions"]["openmpi"], "4.1.4");
    EXPECT_EQ(session["argv"], json::array({"mpi-assay", "run"}));
  } else {
    EXPECT_TRUE(has(out, "fixed: 2026-11-22T08:00:00Z on h (openmpi 4.1.4): mpi-assay run")) << out;
  }
}
INSTANTIATE_TEST_SUITE_P(Reports, MadeBy, ::testing::Values("terminal", "md", "html", "json", "latex", "junit"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(JsonReport, FullModelWithNullForUndefinedMetrics) {
  auto doc = json::parse(render(test::model_of("fixed"), "json"));
  ASSERT_EQ(doc["columns"].size(), 3u);
  EXPECT_EQ(doc["columns"][2]["name"], "pmpi/openmpi");
  EXPECT_DOUBLE_EQ(doc["metrics"][2]["precision"].get<double>(), 0.75);
  EXPECT_TRUE(doc["metrics"][0]["precision"].is_null());
  EXPECT_EQ(doc["metrics"][2]["counts"]["TP"], 3);
  EXPECT_EQ(doc["definitions"]["precision"], "TP / (TP + FP)");
}

TEST(LatexReport, BooktabsTables) {
  auto out = render(test::model_of("fixed"), "latex");
  EXPECT_TRUE(has(out, "\\toprule")) << out;
  EXPECT_TRUE(has(out, "\\midrule")) << out;
  EXPECT_TRUE(has(out, "\\bottomrule")) << out;
  EXPECT_TRUE(has(out, "\\texttt{rma.remote.conflict} & - & 1/1 & 1/1 \\\\")) << out;
  EXPECT_TRUE(has(out, "\\item[precision] TP / (TP + FP)")) << out;
  // The per-case table breaks across pages, its head repeated on each.
  EXPECT_TRUE(has(out, "\\begin{longtable}{llrrr}\n\\caption{Outcome per case}")) << out;
  EXPECT_TRUE(has(out, "\\endhead")) << out;
  EXPECT_TRUE(has(out, "\\usepackage{booktabs,longtable}")) << out;
}

// A run that the backend's expected-results lists as a known miss is what
// `run --check` accepts: JUnit skips it with the reason instead of failing it.
TEST(JunitReport, KnownMissesAreSkippedWithTheirReason) {
  KnownMisses known = [](const std::string& id, const std::string& backend, const std::string& mpi, Outcome o) {
    return id == "rma/lock/remote-race-nok" && backend == "pmpi" && mpi == "openmpi" && o == Outcome::FN
               ? std::string("backends/pmpi/expected-results:3: races need two runs")
               : std::string();
  };
  auto out = render(build_model({load_journal_input(test::fixture("fixed"))}, test::fixture_taxonomy(), known), "junit");
  EXPECT_TRUE(has(out, "<testsuite name=\"pmpi/openmpi\" tests=\"8\" failures=\"3\" skipped=\"2\" errors=\"0\">")) << out;
  EXPECT_TRUE(has(out, "<skipped message=\"run 2: FN is a known miss (backends/pmpi/expected-results:3: races need two "
                       "runs)\"/>"))
      << out;
}

TEST(JunitReport, OneTestcasePerCaseAndColumn) {
  auto out = render(test::model_of("fixed"), "junit");
  EXPECT_TRUE(has(out, "<testsuite name=\"pmpi/openmpi\" tests=\"8\" failures=\"4\" skipped=\"1\" errors=\"0\">"))
      << out;
  EXPECT_TRUE(has(out, "<testsuite name=\"native/openmpi\" tests=\"2\" failures=\"0\" skipped=\"1\" errors=\"0\">"))
      << out;
  EXPECT_TRUE(has(out, "<failure message=\"TP FN\"")) << out;
}

}  // namespace
}  // namespace assay

namespace assay {
namespace {

TEST(HtmlReport, RecallPrecisionPlotHasOnePointPerDefinedColumn) {
  std::ostringstream out;
  make_reporter("html")->report(test::model_of("fixed"), out);
  const std::string html = out.str();
  EXPECT_TRUE(html.find("<circle cx=\"232\" cy=\"120\"") != std::string::npos) << html;  // pmpi/openmpi 0.6, 0.75
  EXPECT_TRUE(html.find("<circle cx=\"232\" cy=\"40\"") != std::string::npos) << html;   // pmpi/mpich 0.6, 1.0
  std::size_t points = 0;
  for (auto at = html.find("<circle"); at != std::string::npos; at = html.find("<circle", at + 1)) ++points;
  EXPECT_EQ(points, 2u);  // native/openmpi has no recall
}

}  // namespace
}  // namespace assay

namespace assay {

// Every format shows the comparison of several journals with the tools'
// versions and dates; the LaTeX table is complete (a paper \input's it as is).
class ComparisonFormat : public ::testing::TestWithParam<std::string> {};

TEST_P(ComparisonFormat, ShowsTheSideBySideComparisonWithVersionsAndDates) {
  ReportModel m =
      build_model({load_journal_input(std::string(ASSAY_TEST_DATA_DIR) + "/reports/compare/alpha/results.jsonl"),
                   load_journal_input(std::string(ASSAY_TEST_DATA_DIR) + "/reports/compare/beta/results.jsonl")},
                  test::fixture_taxonomy());
  std::ostringstream s;
  make_reporter(GetParam())->report(m, s);
  const std::string out = s.str();
  std::vector<std::string> wanted;
  if (GetParam() != "csv-summary") wanted = {"alpha 1.2", "beta 7", "2026-11-20", "2026-11-21"};  // provenance
  if (GetParam() != "json") wanted.insert(wanted.end(), {"0.800", "0.667"});
  for (const auto& v : wanted)
    EXPECT_NE(out.find(v), std::string::npos) << v << " missing in:\n" << out;
  if (GetParam() == "latex") {
    EXPECT_NE(out.find("\\label{tab:mpi-assay-comparison}"), std::string::npos);
    auto count = [&](const std::string& what) {
      std::size_t n = 0;
      for (auto at = out.find(what); at != std::string::npos; at = out.find(what, at + 1)) ++n;
      return n;
    };
    EXPECT_EQ(count("\\begin{tabular}"), count("\\end{tabular}"));
    EXPECT_EQ(count("\\begin{table}"), count("\\end{table}"));
  }
  if (GetParam() == "json") {
    auto rma = json::parse(out)["comparison"][0];
    EXPECT_EQ(rma["level"], "family");
    EXPECT_DOUBLE_EQ(rma["cells"][1]["f1"].get<double>(), 0.8);
  }
  if (GetParam() == "csv-summary") { EXPECT_NE(out.find("beta,beta,mpich,family,rma,,,,,,,2,0,1,1,0.667,1.000,0.800,0.500"), std::string::npos) << out; }
}

INSTANTIATE_TEST_SUITE_P(Reports, ComparisonFormat, ::testing::Values("terminal", "md", "html", "csv-summary", "json", "latex"),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string name = p.param;  // a test name has no '-'
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace assay
