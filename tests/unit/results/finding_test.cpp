#include "results/finding.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "temp_dir.hpp"

namespace assay {
namespace {

using nlohmann::json;
using Strings = std::vector<std::string>;

Strings strings(const std::vector<Problem>& problems) {
  Strings out;
  for (const auto& p : problems) out.push_back(p.str());
  return out;
}

// The reason finding_from_json gives for `text` ("" when it accepts it).
std::string rejection(const std::string& text) {
  try {
    finding_from_json(json::parse(text));
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(Finding, RoundTripsThroughJson) {
  Finding f;
  f.backend = "pmpi";
  f.error_class = "rma.local.origin-write-during-put";
  f.severity = "warning";
  f.rank = 1;
  f.message = "store to the origin buffer";
  Access store{"store", "write", 1, "0x7ffd1000", 4, "/abs/x.c", 14, "main", {"0x401234"}, 3, std::nullopt};
  Access put{"MPI_Put", "call", 1, "", 0, "", 0, "", {}, 2, 9};
  f.accesses = {store, put};

  const json j = to_json(f);
  EXPECT_EQ(j["class"], "rma.local.origin-write-during-put");
  EXPECT_EQ(j["accesses"][0]["time"], 3);
  EXPECT_FALSE(j["accesses"][0].contains("end_time"));
  EXPECT_EQ(j["accesses"][1]["time"], 2);
  EXPECT_EQ(j["accesses"][1]["end_time"], 9);

  const Finding back = finding_from_json(json::parse(j.dump()));
  EXPECT_EQ(back.backend, "pmpi");
  EXPECT_EQ(back.error_class, f.error_class);
  EXPECT_EQ(back.severity, "warning");
  EXPECT_EQ(back.rank, 1);
  EXPECT_EQ(back.message, f.message);
  ASSERT_EQ(back.accesses.size(), 2u);
  const Access& a = back.accesses[0];
  EXPECT_EQ(a.op, "store");
  EXPECT_EQ(a.kind, "write");
  EXPECT_EQ(a.rank, 1);
  EXPECT_EQ(a.addr, "0x7ffd1000");
  EXPECT_EQ(a.size, 4);
  EXPECT_EQ(a.file, "/abs/x.c");
  EXPECT_EQ(a.line, 14);
  EXPECT_EQ(a.function, "main");
  EXPECT_EQ(a.stack, Strings{"0x401234"});
  EXPECT_EQ(a.time, 3);
  EXPECT_EQ(back.accesses[1].op, "MPI_Put");
  EXPECT_FALSE(a.end_time.has_value());
  EXPECT_EQ(back.accesses[1].time, 2);
  EXPECT_EQ(back.accesses[1].end_time, 9);
}

TEST(Finding, FillsDefaultsAndIgnoresUnknownFields) {
  const Finding f =
      finding_from_json(json::parse(R"({"backend":"vclock","class":"rma.local","extra":{"x":1},
                      "accesses":[{"op":"load","kind":"read","colour":"red"}]})"));
  EXPECT_EQ(f.severity, "error");
  EXPECT_EQ(f.rank, -1);
  EXPECT_EQ(f.message, "");
  ASSERT_EQ(f.accesses.size(), 1u);
  EXPECT_EQ(f.accesses[0].rank, -1);
  EXPECT_EQ(f.accesses[0].line, 0);
  EXPECT_TRUE(f.accesses[0].stack.empty());
}

TEST(Finding, RejectsMissingOrIllTypedFields) {
  EXPECT_EQ(rejection(R"([1,2])"), "not a JSON object");
  EXPECT_EQ(rejection(R"({"class":"rma.local"})"), "missing required field 'backend'");
  EXPECT_EQ(rejection(R"({"backend":"pmpi"})"), "missing required field 'class'");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":7})"), "field 'class' has the wrong type");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","rank":"0"})"),
            "field 'rank' has the wrong type");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","severity":"fatal"})"),
            "severity must be error or warning, got 'fatal'");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","accesses":{}})"),
            "field 'accesses' has the wrong type");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","accesses":[{"kind":"read"}]})"),
            "accesses[0]: missing required field 'op'");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","accesses":[{"op":"x","kind":"read"},
                                                                   {"op":"y","kind":"touch"}]})"),
            "accesses[1]: kind must be read, write or call, got 'touch'");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","accesses":[{"op":"x","kind":"read",
                                                                    "stack":["0x1",2]}]})"),
            "accesses[0]: field 'stack' has the wrong type");
  EXPECT_EQ(rejection(R"({"backend":"pmpi","class":"c","accesses":[7]})"),
            "accesses[0]: not an object");
}

TEST(FindingsText, KeepsGoodLinesAndReportsEveryBadOne) {
  const std::string text = R"({"backend":"pmpi","class":"rma.remote.conflict"})"
                           "\n"
                           "==ASSAY== ERROR this is the human report\n"
                           "\n"
                           R"({"backend":"pmpi","class":"nb.request.missing-completion","rank":1})"
                           "\n"
                           "[1, 2]\n"
                           R"({"backend":"pmpi"})"
                           "\n"
                           "   \n"
                           R"({"backend":"pmpi","class":"rma.loc)";  // torn: the writer was killed
  std::vector<Problem> problems;
  const auto findings = read_findings_text(text, "rank-0.jsonl", problems);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].error_class, "rma.remote.conflict");
  EXPECT_EQ(findings[1].rank, 1);
  EXPECT_EQ(strings(problems),
            (Strings{"rank-0.jsonl:2: not valid JSON (garbage)",
                     "rank-0.jsonl:5: not a JSON object",
                     "rank-0.jsonl:6: missing required field 'class'",
                     "rank-0.jsonl:8: truncated last line (the writer was killed mid-line)"}));
}

TEST(FindingsDir, ReadsEveryJsonlFileInNameOrder) {
  const std::string dir = ASSAY_TEST_DATA_DIR "/results/findings";
  std::vector<Problem> problems;
  const auto findings = read_findings_dir(dir, problems);
  Strings classes;
  for (const auto& f : findings) classes.push_back(f.backend + " " + f.error_class);
  EXPECT_EQ(classes, (Strings{"pmpi rma.local.origin-write-during-put", "pmpi rma.remote.conflict",
                              "pmpi mem.recv.unused"}));
  EXPECT_EQ(strings(problems),
            (Strings{dir + "/rank-0.jsonl:2: not valid JSON (garbage)",
                     dir + "/rank-1.jsonl:2: missing required field 'backend'",
                     dir + "/rank-1.jsonl:4: truncated last line (the writer was killed mid-line)"}));
}

TEST(FindingsDir, AMissingFolderMeansNoFindings) {
  test_support::TempDir tmp;
  std::vector<Problem> problems;
  EXPECT_TRUE(read_findings_dir((tmp.path() / "none").string(), problems).empty());
  EXPECT_TRUE(read_findings_dir(tmp.path().string(), problems).empty());
  tmp.write("rank-0.jsonl", "");
  EXPECT_TRUE(read_findings_dir(tmp.path().string(), problems).empty());
  EXPECT_EQ(strings(problems), Strings{});
}

}  // namespace
}  // namespace assay
