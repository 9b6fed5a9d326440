#include <gtest/gtest.h>

#include <sstream>

#include "fixtures.hpp"
#include "temp_dir.hpp"
#include "reports/diff.hpp"

namespace assay {
namespace {

nlohmann::json result(const std::string& id, const std::string& outcome, int run = 1) {
  return {{"type", "result"}, {"case", id},         {"backend", "pmpi"}, {"mpi", "openmpi"},
          {"np", 2},          {"run", run},         {"outcome", outcome}, {"reason", "r " + outcome}};
}

JournalInput journal_of(const std::vector<nlohmann::json>& records) {
  JournalInput j;
  for (const auto& r : records) j.add_result(r);
  return j;
}

TEST(JournalDiff, SaysWhichToolsChangedVersionOrManifest) {
  auto versioned = [](const std::string& version, const std::string& hash) {
    auto r = result("nb/a-ok", "TN");
    r["backend_version"] = version;
    r["manifest_hash"] = hash;
    return r;
  };
  auto d = diff_journals(journal_of({versioned("1.0", "aaaa")}), journal_of({versioned("1.1", "aaaa")}));
  ASSERT_EQ(d.tool_changes, std::vector<std::string>{"pmpi on openmpi: backend version 1.0 -> 1.1"});
  d = diff_journals(journal_of({result("nb/a-ok", "TN")}), journal_of({versioned("1.1", "bbbb")}));
  EXPECT_EQ(d.tool_changes, (std::vector<std::string>{"pmpi on openmpi: backend version unknown -> 1.1",
                                                      "pmpi on openmpi: manifest unknown -> bbbb"}));
  std::ostringstream out;
  render_diff(d, "terminal", out);
  EXPECT_NE(out.str().find("Tools changed"), std::string::npos) << out.str();
  EXPECT_TRUE(diff_journals(journal_of({versioned("1.0", "aaaa")}), journal_of({versioned("1.0", "aaaa")})).tool_changes.empty());
}

TEST(JournalDiff, IdenticalJournalsHaveNoChange) {
  auto j = load_journal_input(test::fixture("fixed"));
  auto d = diff_journals(j, j);
  EXPECT_TRUE(d.changes.empty());
  EXPECT_FALSE(d.has_regression());
}

TEST(JournalDiff, JudgesEachKindOfChange) {
  using O = Outcome;
  EXPECT_FALSE(judge_change(O::TP, O::TP));
  EXPECT_EQ(judge_change(O::TP, O::WC)->first, ChangeKind::regression);
  EXPECT_EQ(judge_change(O::TP, O::WC)->second, "detection lost");
  EXPECT_EQ(judge_change(O::TN, O::FP)->second, "new false alarm");
  EXPECT_EQ(judge_change(O::FN, O::TO)->second, "new TO");
  EXPECT_EQ(judge_change(O::FN, O::TF)->first, ChangeKind::regression);
  EXPECT_EQ(judge_change(O::FN, O::TP)->first, ChangeKind::improvement);
  EXPECT_EQ(judge_change(O::FP, O::TN)->first, ChangeKind::improvement);
  EXPECT_EQ(judge_change(O::CE, O::FN)->first, ChangeKind::improvement);
  EXPECT_EQ(judge_change(O::FN, O::WC)->first, ChangeKind::change);
}

TEST(JournalDiff, RegressionsComeFirst) {
  auto before = journal_of({result("a", "FN"), result("b", "TP"), result("c", "TN"), result("gone", "TN")});
  auto after = journal_of({result("a", "TP"), result("b", "TP"), result("b", "FN"), result("c", "FP"),
                           result("new", "TN")});
  auto d = diff_journals(before, after);
  ASSERT_EQ(d.changes.size(), 5u);
  EXPECT_EQ(d.changes[0].key.case_id, "b");  // latest record of b: TP -> FN
  EXPECT_EQ(d.changes[0].kind, ChangeKind::regression);
  EXPECT_EQ(d.changes[1].key.case_id, "c");
  EXPECT_EQ(d.changes[2].kind, ChangeKind::improvement);
  EXPECT_EQ(d.changes[3].kind, ChangeKind::added);
  EXPECT_EQ(d.changes[4].kind, ChangeKind::removed);
  EXPECT_TRUE(d.has_regression());
  EXPECT_EQ(d.count(ChangeKind::regression), 2);

  std::ostringstream out;
  render_diff(d, "terminal", out);
  const std::string text = out.str();
  EXPECT_LT(text.find("Regressions"), text.find("Improvements")) << text;
  EXPECT_TRUE(text.find("b pmpi/openmpi np=2 run=1: TP -> FN (detection lost) - r FN") != std::string::npos) << text;
}


TEST(JournalDiff, ADetectionThatDisappearsIsARegression) {
  auto d = diff_journals(journal_of({result("a", "TP"), result("b", "TN"), result("c", "TP")}),
                         journal_of({result("c", "NO-SUCH-OUTCOME")}));
  ASSERT_EQ(d.changes.size(), 3u);
  EXPECT_EQ(d.changes[0].key.case_id, "a");
  EXPECT_EQ(d.changes[0].kind, ChangeKind::regression);
  EXPECT_EQ(d.changes[0].why, "detection lost (no longer run)");
  EXPECT_EQ(d.changes[1].key.case_id, "c");
  EXPECT_EQ(d.changes[1].kind, ChangeKind::regression);
  EXPECT_EQ(d.changes[2].key.case_id, "b");  // a correct run no longer run is only removed
  EXPECT_EQ(d.changes[2].kind, ChangeKind::removed);
  EXPECT_EQ(d.count(ChangeKind::regression), 2);
}

TEST(JournalDiff, CountsAndListsTheLinesItCouldNotRead) {
  test_support::TempDir dir;
  auto bad = result("b", "TP");
  bad["np"] = "two";
  dir.write("old/results.jsonl", result("a", "TP").dump() + "\nnot json\n" + bad.dump() + "\n");
  dir.write("new/results.jsonl", result("a", "TP").dump() + "\n");
  auto d = diff_journals(load_journal_input((dir.path() / "old/results.jsonl").string()),
                         load_journal_input((dir.path() / "new/results.jsonl").string()));
  ASSERT_EQ(d.old_skipped.size(), 2u);
  EXPECT_TRUE(d.new_skipped.empty());
  EXPECT_NE(d.old_skipped[1].find("results.jsonl:3: field 'np': expected an integer"), std::string::npos)
      << d.old_skipped[1];
  std::ostringstream text, js;
  render_diff(d, "terminal", text);
  EXPECT_NE(text.str().find("2 line(s) skipped"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("results.jsonl:2: not valid JSON"), std::string::npos) << text.str();
  render_diff(d, "json", js);
  EXPECT_EQ(nlohmann::json::parse(js.str())["old_skipped"].size(), 2u);
}

TEST(JournalDiff, RunsAreComparedByRunIndex) {
  auto d = diff_journals(journal_of({result("a", "TP", 1), result("a", "TP", 2)}),
                         journal_of({result("a", "TP", 1), result("a", "FN", 2)}));
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].key.run, 2);
}

TEST(JournalDiff, JsonAndMarkdown) {
  auto d = diff_journals(journal_of({result("x_<y>", "TP")}), journal_of({result("x_<y>", "FN")}));
  std::ostringstream js, md;
  render_diff(d, "json", js);
  auto doc = nlohmann::json::parse(js.str());
  EXPECT_EQ(doc["regressions"], 1);
  EXPECT_EQ(doc["changes"][0]["case"], "x_<y>");
  render_diff(d, "md", md);
  EXPECT_TRUE(md.str().find("x\\_&lt;y&gt;") != std::string::npos) << md.str();
  std::ostringstream ignored;
  EXPECT_THROW(render_diff(d, "html", ignored), std::invalid_argument);
}

}  // namespace
}  // namespace assay
