#include "results/journal.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "temp_dir.hpp"

namespace assay {
namespace {

using nlohmann::json;
using Strings = std::vector<std::string>;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Strings strings(const std::vector<Problem>& problems) {
  Strings out;
  for (const auto& p : problems) out.push_back(p.str());
  return out;
}

json result(const std::string& case_id, const std::string& outcome, int run = 1,
            const std::string& mpi = "openmpi") {
  return {{"type", "result"}, {"case", case_id}, {"backend", "native"}, {"mpi", mpi},
          {"np", 2},          {"run", run},      {"outcome", outcome}};
}

class Journal : public ::testing::Test {
 protected:
  test_support::TempDir dir_;
  std::string path_ = (dir_.path() / "results" / "run-1" / "results.jsonl").string();
};

TEST_F(Journal, AMissingJournalReadsEmpty) {
  const auto contents = read_journal(path_);
  EXPECT_TRUE(contents.records.empty());
  EXPECT_TRUE(contents.problems.empty());
}

TEST_F(Journal, AppendsOneLinePerRecordAndReadsThemBack) {
  {
    JournalWriter writer(path_);  // also creates results/run-1/
    EXPECT_EQ(writer.path(), path_);
    writer.append({{"type", "session"}, {"argv", {"mpi-assay", "run"}}});
    writer.append(result("rma/fence/a-nok", "TP"));
  }
  const std::string text = slurp(path_);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  EXPECT_EQ(text.back(), '\n');

  const auto contents = read_journal(path_);
  EXPECT_EQ(strings(contents.problems), Strings{});
  ASSERT_EQ(contents.records.size(), 2u);
  EXPECT_EQ(contents.records[0]["type"], "session");
  EXPECT_EQ(contents.records[1]["outcome"], "TP");
}

TEST_F(Journal, AResumedWriterAppendsAfterEarlierRecords) {
  JournalWriter(path_).append(result("a", "TP"));
  JournalWriter(path_).append(result("b", "FN"));
  const auto contents = read_journal(path_);
  ASSERT_EQ(contents.records.size(), 2u);
  EXPECT_EQ(contents.records[1]["case"], "b");
}

TEST_F(Journal, ATornLastLineIsReportedThenFencedOffByTheNextWriter) {
  const std::string whole = result("a", "TP").dump() + "\n";
  const std::string torn_line = R"({"type":"result","case":"b","outc)";
  dir_.write("results/run-1/results.jsonl", whole + torn_line);

  const auto torn = read_journal(path_);
  EXPECT_EQ(torn.records.size(), 1u);
  EXPECT_EQ(strings(torn.problems),
            Strings{path_ + ":2: not valid JSON (torn or garbage line), skipped"});

  JournalWriter(path_).append(result("c", "FN"));
  const auto resumed = read_journal(path_);
  EXPECT_EQ(strings(resumed.problems),
            Strings{path_ + ":2: not valid JSON (torn or garbage line), skipped"});
  ASSERT_EQ(resumed.records.size(), 2u);
  EXPECT_EQ(resumed.records[1]["case"], "c");
  EXPECT_EQ(slurp(path_), whole + torn_line + "\n" + result("c", "FN").dump() + "\n");
}

TEST_F(Journal, GarbageAndNonObjectLinesAreSkippedAndEmptyLinesIgnored) {
  dir_.write("results/run-1/results.jsonl",
             result("a", "TP").dump() + "\n\nnot json\n[1]\n" + result("b", "TN").dump() + "\n");
  const auto contents = read_journal(path_);
  EXPECT_EQ(contents.records.size(), 2u);
  EXPECT_EQ(strings(contents.problems),
            (Strings{path_ + ":3: not valid JSON (torn or garbage line), skipped",
                     path_ + ":4: not a JSON object, skipped"}));
}


// A valid JSON record whose field has the wrong type would make readers throw a
// library exception or misread it: it is set aside, naming file, line and field.
TEST_F(Journal, AResultWithAWronglyTypedFieldIsSetAsideNamingFileLineAndField) {
  json np_text = result("b", "TP");
  np_text["np"] = "2";
  json outcome_number = result("c", "TP");
  outcome_number["outcome"] = 3;
  json findings_text = result("d", "TP");
  findings_text["findings"] = json::array({"not an object"});
  json no_case = result("e", "TP");
  no_case.erase("case");
  dir_.write("results/run-1/results.jsonl", result("a", "TP").dump() + "\n" + np_text.dump() + "\n" +
                                               outcome_number.dump() + "\n" + findings_text.dump() + "\n" +
                                               no_case.dump() + "\n");
  const auto contents = read_journal(path_);
  ASSERT_EQ(contents.records.size(), 1u);
  EXPECT_EQ(contents.records[0]["case"], "a");
  EXPECT_EQ(strings(contents.invalid),
            (Strings{path_ + ":2: field 'np': expected an integer, found string",
                     path_ + ":3: field 'outcome': expected a string, found number",
                     path_ + ":4: field 'findings': expected an array of objects, found an array with other elements",
                     path_ + ":5: field 'case' is missing"}));
  EXPECT_TRUE(contents.problems.empty());
}

TEST(ResultFieldError, EmptyForARecordAsTheRunnerWritesIt) {
  const json record = {{"type", "result"}, {"case", "a"}, {"backend", "b"}, {"mpi", "m"}, {"outcome", "TP"},
                       {"np", 2}, {"run", 1}, {"expect", {"ok"}}, {"findings", json::array()},
                       {"build_s", 0.5}, {"run_s", 1}, {"located", false}, {"problems", {"x"}}};
  EXPECT_EQ(result_field_error(record), "");
  json bad = record;
  bad["located"] = "yes";
  EXPECT_EQ(result_field_error(bad), "field 'located': expected true or false, found string");
}

TEST_F(Journal, LaterResultsSupersedeEarlierOnesOfTheSameKey) {
  JournalContents contents;
  contents.records = {{{"type", "session"}, {"case", "a"}}, result("a", "TO"), result("a", "TP", 2),
                      result("a", "FN", 1, "mpich"),        result("b", "TN"), result("a", "TP")};
  const auto latest = contents.latest_results();
  ASSERT_EQ(latest.size(), 4u);
  EXPECT_EQ(latest.at(RunKey{"a", "native", "openmpi", 2, 1})["outcome"], "TP");
  EXPECT_EQ(latest.at(RunKey{"a", "native", "openmpi", 2, 2})["outcome"], "TP");
  EXPECT_EQ(latest.at(RunKey{"a", "native", "mpich", 2, 1})["outcome"], "FN");
  EXPECT_EQ(latest.at(RunKey{"b", "native", "openmpi", 2, 1})["outcome"], "TN");
}

TEST(RunKeyOf, ReadsTheKeyFieldsWithDefaults) {
  EXPECT_EQ(
      key_of(json{{"case", "x"}, {"backend", "pmpi"}, {"mpi", "mpich"}, {"np", 4}, {"run", 3}}),
      (RunKey{"x", "pmpi", "mpich", 4, 3}));
  EXPECT_EQ(key_of(json{{"case", "x"}, {"np", "four"}}), (RunKey{"x", "", "", 0, 1}));
}

TEST_F(Journal, TheLockFileGoesWithItsWriter) {
  {
    JournalWriter writer(path_);
    EXPECT_TRUE(std::filesystem::exists(path_ + ".lock"));
  }
  EXPECT_FALSE(std::filesystem::exists(path_ + ".lock"));
  JournalWriter again(path_);  // and the journal can be taken again
  EXPECT_TRUE(std::filesystem::exists(path_ + ".lock"));
}

TEST_F(Journal, ASecondWriterFailsNamingTheHoldersPid) {
  int ready[2];
  int release[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(release), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // holds the journal until the parent is done
    try {
      JournalWriter holder(path_);
      char byte = 1;
      if (::write(ready[1], &byte, 1) != 1) ::_exit(1);
      if (::read(release[0], &byte, 1) < 0) ::_exit(1);
    } catch (...) {
      ::_exit(2);
    }
    ::_exit(0);
  }
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  std::string error;
  try {
    JournalWriter second(path_);
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  ASSERT_EQ(::write(release[1], &byte, 1), 1);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_EQ(error, "journal " + path_ + " is in use by pid " + std::to_string(child));

  JournalWriter after_release(path_);  // the lock dies with its holder
  EXPECT_EQ(slurp(path_ + ".lock"), std::to_string(::getpid()) + "\n");
  for (int fd : {ready[0], ready[1], release[0], release[1]}) ::close(fd);
}

TEST_F(Journal, AWriterInTheSameProcessIsRefusedToo) {
  JournalWriter first(path_);
  EXPECT_THROW(JournalWriter second(path_), std::runtime_error);
}

TEST_F(Journal, InvalidUtf8IsReplacedNotFatal) {
  JournalWriter writer(path_);
  json record = result("a", "RE");
  record["stderr_tail"] = std::string("bad \xff byte");
  writer.append(record);
  const auto contents = read_journal(path_);
  ASSERT_EQ(contents.records.size(), 1u);
  EXPECT_EQ(contents.records[0]["stderr_tail"], "bad \xef\xbf\xbd byte");
}

}  // namespace
}  // namespace assay
