#include "launch/findings.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace assay {
namespace {

class RunDir : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("assay-findings-test-" + std::to_string(::getpid()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; }
  static ExitInfo exited(int code) {
    ExitInfo e;
    e.started = true;
    e.exit_code = code;
    return e;
  }
};

const char* finding = R"({"backend":"t","class":"nb.request.missing-completion","rank":0})";

// memcheck-xml: the shim's JSONL and each memcheck-<rank>.xml (a recorded file of the
// backend); no XML, or an XML cut when the run ended normally, is a tool failure.
TEST_F(RunDir, MemcheckXmlReadsTheShimsJsonlAndTheXml) {
  std::ifstream in(std::string(ASSAY_TEST_DATA_DIR) + "/tools/memcheck/irecv-read-before-wait-nok.rank0.xml");
  std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(xml.empty());
  BuiltinParse b{"memcheck-xml", "/cache/irecv-read-before-wait-nok", "memcheck", false};
  write("rank-0.jsonl", std::string(finding) + "\n");
  auto none = read_run_findings(dir.string(), nullptr, "", b);
  EXPECT_NE(none.failure.find("no memcheck-<rank>.xml"), std::string::npos) << none.failure;
  write("memcheck-0.xml", xml);
  auto both = read_run_findings(dir.string(), nullptr, "", b);
  EXPECT_EQ(both.failure, "");
  ASSERT_EQ(both.findings.size(), 2u);
  EXPECT_EQ(both.findings[1].error_class, "nb.buffer.recv-access");
  write("memcheck-0.xml", xml.substr(0, xml.size() / 2));
  auto cut = read_run_findings(dir.string(), nullptr, "", b);
  EXPECT_NE(cut.failure.find("truncated memcheck XML"), std::string::npos) << cut.failure;
  b.abnormal_end = true;
  EXPECT_EQ(read_run_findings(dir.string(), nullptr, "", b).failure, "");
}

// A rank killed by the launcher after another rank crashed leaves its XML cut:
// any abnormal end of the launch counts, not only a timeout.
TEST(EndedAbnormally, TimeoutSignalOrNonZeroExit) {
  ExitInfo e;
  e.started = true;
  e.exit_code = 0;
  EXPECT_FALSE(ended_abnormally(e));
  e.exit_code = 139;  // MPICH's launcher after a rank's SIGSEGV
  EXPECT_TRUE(ended_abnormally(e));
  e.exit_code = -1;
  e.signal = 9;
  EXPECT_TRUE(ended_abnormally(e));
  e.signal = 0;
  e.timed_out = true;
  EXPECT_TRUE(ended_abnormally(e));
}

TEST_F(RunDir, BuiltinParserReadsJsonlFilesAndGarbageIsAToolFailure) {
  write("rank-0.jsonl", std::string(finding) + "\n");
  auto ok = read_run_findings(dir.string(), nullptr, "");
  EXPECT_EQ(ok.findings.size(), 1u);
  EXPECT_EQ(ok.failure, "");
  write("rank-1.jsonl", "not json\n");
  auto bad = read_run_findings(dir.string(), nullptr, "");
  EXPECT_EQ(bad.findings.size(), 1u);  // what could be read is kept
  EXPECT_NE(bad.failure.find("unreadable findings (1 problem(s)), first: " + (dir / "rank-1.jsonl").string() + ":1"),
            std::string::npos)
      << bad.failure;
}

TEST_F(RunDir, ProblemsAreCappedWithACountOfTheRest) {
  // 1000 garbage lines, one of them 1 MB long: the record keeps 50 short problems.
  std::string garbage;
  for (int i = 0; i < 999; ++i) garbage += "garbage\n";
  garbage += "{" + std::string(1'000'000, 'x') + "\n";
  write("rank-0.jsonl", garbage);
  auto parsed = read_run_findings(dir.string(), nullptr, "");
  EXPECT_EQ(parsed.problems.size(), kMaxProblems);
  EXPECT_EQ(parsed.problems_dropped, 1000u - kMaxProblems);
  EXPECT_NE(parsed.failure.find("unreadable findings (1000 problem(s))"), std::string::npos) << parsed.failure;
  for (const auto& p : parsed.problems) EXPECT_LE(p.message.size(), kMaxProblemMessage + 3);

  write("parse.stdout", garbage);
  const auto e = exited(0);
  auto from_command = read_run_findings(dir.string(), &e, "adapter.sh");
  EXPECT_EQ(from_command.problems.size(), kMaxProblems);
  EXPECT_EQ(from_command.problems_dropped, 1000u - kMaxProblems);
}

TEST_F(RunDir, ParseCommandOutputIsReadAndItsFailuresSayWhy) {
  write("parse.stdout", std::string(finding) + "\n");
  auto e = exited(0);
  auto ok = read_run_findings(dir.string(), &e, "adapter.sh");
  ASSERT_EQ(ok.findings.size(), 1u);
  EXPECT_EQ(ok.findings[0].error_class, "nb.request.missing-completion");

  write("parse.stdout", "WARNING: something\n");
  EXPECT_NE(read_run_findings(dir.string(), &e, "adapter.sh").failure.find("parse command adapter.sh wrote garbage: "),
            std::string::npos);

  write("parse.stderr", "Traceback: oops\n");
  auto crashed = exited(3);
  EXPECT_EQ(read_run_findings(dir.string(), &crashed, "adapter.sh").failure,
            "parse command adapter.sh exited with status 3: Traceback: oops");
  ExitInfo killed;
  killed.started = true;
  killed.signal = 11;
  EXPECT_NE(read_run_findings(dir.string(), &killed, "adapter.sh").failure.find("crashed (signal 11)"), std::string::npos);
  ExitInfo missing;
  missing.error = "No such file or directory";
  EXPECT_EQ(read_run_findings(dir.string(), &missing, "adapter.sh").failure,
            "parse command adapter.sh cannot start: No such file or directory");
}

TEST_F(RunDir, ParseCommandRunsInTheRunFolderWithItsVariables) {
  BackendConfig c;
  EXPECT_FALSE(parse_command(c, Vars(), dir.string(), "t"));
  c.parse_command = {"${backend_dir}/parse", "${run_dir}", "${np}"};
  Vars vars;
  vars.set("backend_dir", "/b").set("run_dir", dir.string()).set("np", "2");
  auto cmd = parse_command(c, vars, dir.string(), "t");
  ASSERT_TRUE(cmd);
  EXPECT_EQ(cmd->argv, (std::vector<std::string>{"/b/parse", dir.string(), "2"}));
  EXPECT_EQ(cmd->cwd, dir.string());
  EXPECT_EQ(cmd->env.at("ASSAY_BACKEND"), "t");
  EXPECT_EQ(cmd->stdout_path, (dir / "parse.stdout").string());
}

}  // namespace
}  // namespace assay
