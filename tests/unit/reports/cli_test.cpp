#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixtures.hpp"
#include "reports/cli.hpp"

namespace fs = std::filesystem;

namespace assay {
namespace {

// Parses `args` on a fresh app with the report commands; returns the exit status.
int run_cli(std::vector<std::string> args) {
  CLI::App app;
  int status = -1;
  add_report_commands(app, [] { return test::fixture_taxonomy(); }, status);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  app.parse(args);
  return status;
}

fs::path temp_folder() {
  std::string pattern = (fs::temp_directory_path() / "assay-reports-XXXXXX").string();
  return mkdtemp(pattern.data());
}

TEST(ReportCli, WritesTheChosenFormatToAFile) {
  fs::path dir = temp_folder();
  fs::path out = dir / "report.html";
  EXPECT_EQ(run_cli({"report", test::fixture("fixed"), "--format", "html", "--out", out.string()}), 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(text.str().find("<!DOCTYPE html>") != std::string::npos);
  fs::remove_all(dir);
}

TEST(ReportCli, MissingJournalIsAnError) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_cli({"report", "/nonexistent/results.jsonl"}), 2);
  EXPECT_TRUE(testing::internal::GetCapturedStderr().find("no such journal") != std::string::npos);
}

TEST(ReportCli, UnknownFormatIsRejectedByTheParser) {
  EXPECT_THROW(run_cli({"report", test::fixture("fixed"), "--format", "pdf"}), CLI::ValidationError);
}

TEST(DiffCli, ExitStatusOneOnlyOnARegression) {
  fs::path dir = temp_folder();
  fs::path changed = dir / "results.jsonl";
  {
    std::ifstream in(test::fixture("fixed"));
    std::ofstream out(changed);
    out << in.rdbuf();
    // A later record supersedes: put-store-nok on pmpi/openmpi loses its detection.
    out << R"({"type":"result","case":"rma/fence/put-store-nok","backend":"pmpi","mpi":"openmpi","np":2,"run":1,"outcome":"FN","reason":"no finding"})"
        << "\n";
  }
  testing::internal::CaptureStdout();
  EXPECT_EQ(run_cli({"diff", test::fixture("fixed"), test::fixture("fixed")}), 0);
  EXPECT_EQ(run_cli({"diff", test::fixture("fixed"), changed.string()}), 1);
  EXPECT_EQ(run_cli({"diff", changed.string(), test::fixture("fixed"), "--format", "json"}), 0);  // an improvement
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(out.find("TP -> FN (detection lost)") != std::string::npos) << out;
  fs::remove_all(dir);
}

TEST(DiffCli, TwoFilesThatAreNotJournalsAreAnError) {
  fs::path dir = temp_folder();
  std::ofstream(dir / "a.txt") << "hello\nworld\n";
  std::ofstream(dir / "b.json") << R"({"name": "not a journal"})" << "\n";
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_cli({"diff", (dir / "a.txt").string(), (dir / "b.json").string()}), 2);
  EXPECT_EQ(run_cli({"diff", test::fixture("fixed"), (dir / "b.json").string()}), 2);
  EXPECT_EQ(run_cli({"report", (dir / "a.txt").string()}), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("a.txt is not a results journal"), std::string::npos) << err;
  EXPECT_NE(err.find("b.json is not a results journal"), std::string::npos) << err;
  testing::internal::CaptureStdout();
  EXPECT_EQ(run_cli({"diff", test::fixture("empty"), test::fixture("empty")}), 0);  // empty is a journal
  testing::internal::GetCapturedStdout();
  fs::remove_all(dir);
}

// A record with a wrongly typed field: report and diff skip it with a warning
// naming file, line and field, and a count; they do not abort.
TEST(ReportCli, AWronglyTypedFieldIsSkippedWithAWarning) {
  fs::path dir = temp_folder();
  fs::path journal = dir / "results.jsonl";
  {
    std::ifstream in(test::fixture("fixed"));
    std::ofstream out(journal);
    out << in.rdbuf();
    out << R"({"type":"result","case":"rma/fence/put-store-nok","backend":"pmpi","mpi":"openmpi","np":2,"run":"1","outcome":"FN"})"
        << "\n";
  }
  const int line = 23;  // the fixture has 22 lines
  testing::internal::CaptureStderr();
  testing::internal::CaptureStdout();
  EXPECT_EQ(run_cli({"report", journal.string()}), 0);
  EXPECT_EQ(run_cli({"diff", test::fixture("fixed"), journal.string()}), 0);  // the FN record is not read
  const std::string out = testing::internal::GetCapturedStdout();
  const std::string err = testing::internal::GetCapturedStderr();
  const std::string where = journal.string() + ":" + std::to_string(line) + ": field 'run': expected an integer";
  EXPECT_NE(err.find("1 line(s) skipped (0 unreadable, 1 with a wrongly typed field)"), std::string::npos) << err;
  EXPECT_NE(err.find(where), std::string::npos) << err;
  EXPECT_NE(out.find(where), std::string::npos) << out;  // listed in the report and in the diff
  fs::remove_all(dir);
}

}  // namespace
}  // namespace assay
