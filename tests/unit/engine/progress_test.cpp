// Issue 20, item 11: the progress display stays alive during long runs (the runs in
// flight and their elapsed time), counts the compiles that overlap the runs, and
// says the estimate again from the pace of the first runs.
#include "engine/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace assay {
namespace {

using namespace std::chrono_literals;
using Clock = Progress::Clock;

// What was written to a temporary file.
std::string contents(std::FILE* f) {
  std::fflush(f);
  std::string text;
  std::rewind(f);
  for (int c; (c = std::fgetc(f)) != EOF;) text += static_cast<char>(c);
  return text;
}

TEST(Progress, LogSaysWhichRunsAreStillGoingAfterAQuietHeartbeat) {
  std::FILE* f = std::tmpfile();
  Progress p(f, false, Progress::Mode::log, 30s);
  const Clock::time_point t0 = Clock::now();
  p.begin("run", 3, 0, t0);
  p.started("native mpich nb/x/slow-nok", t0);
  p.started("pmpi mpich nb/x/other-ok", t0 + 5s);
  p.tick(t0 + 20s);
  EXPECT_EQ(contents(f), "") << "nothing to say before the heartbeat";
  p.tick(t0 + 31s);
  const std::string said = contents(f);
  EXPECT_NE(said.find("run [0/3] still running: native mpich nb/x/slow-nok (31 s), pmpi mpich nb/x/other-ok (26 s)"),
            std::string::npos)
      << said;
  p.tick(t0 + 40s);
  EXPECT_EQ(contents(f), said) << "the next heartbeat comes 30 s later";
  p.item("TN", "pmpi mpich nb/x/other-ok", 36, t0 + 41s);
  p.tick(t0 + 65s);  // a run finished at 41 s: news, so no heartbeat before 71 s
  EXPECT_EQ(contents(f).find("still running", said.size()), std::string::npos);
  p.tick(t0 + 72s);
  const std::string later = contents(f).substr(said.size());
  EXPECT_NE(later.find("run [1/3] still running: native mpich nb/x/slow-nok (72 s)"), std::string::npos) << later;
  const std::string heartbeat = later.substr(later.find("run [1/3] still running"));
  EXPECT_EQ(heartbeat.find("other-ok"), std::string::npos) << "a finished run is no longer listed: " << heartbeat;
  std::fclose(f);
}

TEST(Progress, TerminalLineShowsRunningCasesCompilesAndTheirTime) {
  std::FILE* f = std::tmpfile();
  Progress p(f, false, Progress::Mode::terminal);
  const Clock::time_point t0 = Clock::now();
  p.begin("run", 4, 10, t0);
  p.compiled(true);
  p.compiled(false);
  p.started("native openmpi rma/a/put-nok", t0);
  p.tick(t0 + 12s);
  const std::string line = contents(f);
  EXPECT_NE(line.find("run [0/4]"), std::string::npos) << line;
  EXPECT_NE(line.find("compiled 2/10"), std::string::npos) << line;
  EXPECT_NE(line.find("running: native openmpi rma/a/put-nok (12 s)"), std::string::npos) << line;
  p.tick(t0 + 12s + 500ms);
  EXPECT_EQ(contents(f), line) << "redrawn at most once a second";
  p.tick(t0 + 14s);
  EXPECT_NE(contents(f).find("put-nok (14 s)"), std::string::npos) << "the elapsed time moves on";
  std::fclose(f);
}

TEST(Progress, EstimateIsSaidAgainFromThePaceOfTheFirstRuns) {
  std::FILE* f = std::tmpfile();
  Progress p(f, false, Progress::Mode::log);
  const Clock::time_point t0 = Clock::now();
  p.begin("run", 100, 0, t0);
  for (int i = 1; i <= 9; ++i) p.item("TN", "native mpich c" + std::to_string(i), 1, t0 + std::chrono::seconds(6 * i));
  EXPECT_EQ(contents(f).find("estimate after"), std::string::npos);
  p.item("TN", "native mpich c10", 1, t0 + 60s);  // 10 runs in a minute: 90 left, about 9 min
  const std::string said = contents(f);
  EXPECT_NE(said.find("estimate after 10 of 100 runs: about 9 min left"), std::string::npos) << said;
  EXPECT_NEAR(p.eta_s(t0 + 60s), 540, 1e-6);
  std::fclose(f);
}

TEST(Progress, QuietSaysNothingButNotes) {
  std::FILE* f = std::tmpfile();
  Progress p(f, true, Progress::Mode::log, 1s);
  const Clock::time_point t0 = Clock::now();
  p.begin("run", 20, 0, t0);
  p.started("a", t0);
  p.tick(t0 + 10s);
  for (int i = 0; i < 12; ++i) p.item("TN", "b", 1, t0 + 11s);
  EXPECT_EQ(contents(f), "");
  p.note("plan: …");
  EXPECT_EQ(contents(f), "plan: …\n");
  std::fclose(f);
}

TEST(Progress, RoughDurations) {
  EXPECT_EQ(rough_duration(20), "under a minute");
  EXPECT_EQ(rough_duration(70), "a minute");
  EXPECT_EQ(rough_duration(540), "9 min");
  EXPECT_EQ(rough_duration(3 * 3600 + 5 * 60), "3 h 05 min");
}

}  // namespace
}  // namespace assay
