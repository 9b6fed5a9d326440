#include "exec/process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace assay {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Alive = exists and is not a zombie (a zombie may be waiting for its reaper).
bool alive(pid_t pid) {
  const std::string stat = read_text(fs::path("/proc") / std::to_string(pid) / "stat");
  const auto comm_end = stat.rfind(')');
  return comm_end != std::string::npos && comm_end + 2 < stat.size() && stat[comm_end + 2] != 'Z';
}

pid_t session_of(pid_t pid) {
  const std::string stat = read_text(fs::path("/proc") / std::to_string(pid) / "stat");
  std::istringstream rest(stat.substr(stat.rfind(')') + 1));
  char state;
  pid_t ppid, pgrp, sid;
  rest >> state >> ppid >> pgrp >> sid;
  return sid;
}

std::vector<pid_t> read_pids(const fs::path& path) {
  std::vector<pid_t> pids;
  std::istringstream in(read_text(path));
  for (pid_t pid; in >> pid;) pids.push_back(pid);
  return pids;
}

Command shell(const std::string& script) { return Command{.argv = {"sh", "-c", script}}; }

class ProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    become_subreaper();
    std::string pattern = (fs::temp_directory_path() / "assay-exec-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `script` with its cwd in the test's directory.
  ExitInfo run_shell(const std::string& script, std::chrono::milliseconds timeout = 0ms,
                     std::chrono::milliseconds kill_grace = 500ms) {
    Command cmd = shell(script);
    cmd.cwd = dir_.string();
    cmd.timeout = timeout;
    cmd.kill_grace = kill_grace;
    return run_command(cmd);
  }

  // Runs `script` until it has created every file in `ready`, calls `on_ready`, then
  // kills it as an interrupt would: the same search as on a timeout, but not racing
  // the machine's load.
  ExitInfo kill_once_ready(const std::string& script, std::initializer_list<const char*> ready,
                           const std::function<void()>& on_ready = [] {}) {
    Command cmd = shell(script);
    cmd.cwd = dir_.string();
    cmd.kill_grace = 500ms;
    Supervisor supervisor;
    ExitInfo info;
    supervisor.start(cmd, [&](const ExitInfo& i) { info = i; });
    const auto all_ready = [&] {
      return std::all_of(ready.begin(), ready.end(),
                         [&](const char* name) { return fs::exists(dir_ / name); });
    };
    while (!all_ready() && supervisor.running() > 0) supervisor.poll(10ms);
    if (all_ready()) on_ready();
    supervisor.kill_all();
    supervisor.wait_all();
    return info;
  }

  // Nothing of the job may survive it.
  static void expect_nothing_left(const ExitInfo& info) {
    EXPECT_TRUE(info.leftovers.empty());
    EXPECT_TRUE(processes_with_token(info.token).empty());
  }

  fs::path dir_;
};

TEST_F(ProcessTest, ReportsExitCode) {
  const ExitInfo info = run_shell("exit 7");
  EXPECT_TRUE(info.started);
  EXPECT_EQ(info.exit_code, 7);
  EXPECT_EQ(info.signal, 0);
  EXPECT_FALSE(info.timed_out);
  EXPECT_TRUE(info.leftovers.empty());
  EXPECT_GE(info.seconds(), 0.0);
  EXPECT_LT(info.seconds(), 10.0);
}

TEST_F(ProcessTest, ReportsKillingSignal) {
  const ExitInfo info = run_shell("kill -USR1 $$");
  EXPECT_TRUE(info.started);
  EXPECT_EQ(info.signal, SIGUSR1);
  EXPECT_EQ(info.exit_code, -1);
}

TEST_F(ProcessTest, MeasuresDuration) {
  const ExitInfo info = run_shell("sleep 0.3");
  EXPECT_GE(info.seconds(), 0.3);
  EXPECT_LT(info.seconds(), 10.0);
}

TEST_F(ProcessTest, WritesOutputFiles) {
  Command cmd = shell("echo out; echo err >&2");
  cmd.stdout_path = (dir_ / "out.txt").string();
  cmd.stderr_path = (dir_ / "err.txt").string();
  const ExitInfo info = run_command(cmd);
  EXPECT_EQ(info.exit_code, 0);
  EXPECT_EQ(read_text(dir_ / "out.txt"), "out\n");
  EXPECT_EQ(read_text(dir_ / "err.txt"), "err\n");
}

TEST_F(ProcessTest, TruncatesOutputAndSharesOneFileForBothStreams) {
  std::ofstream(dir_ / "both.txt") << "old content that must disappear\n";
  Command cmd = shell("echo out; echo err >&2; echo out2");
  cmd.stdout_path = cmd.stderr_path = (dir_ / "both.txt").string();
  run_command(cmd);
  EXPECT_EQ(read_text(dir_ / "both.txt"), "out\nerr\nout2\n");
}

TEST_F(ProcessTest, CappedOutputKeepsHeadAndTail) {
  Command cmd = shell(
      "head -c 1000 /dev/zero | tr '\\0' a; head -c 100000 /dev/zero | tr '\\0' b; printf 'the end';"
      "echo small >&2");
  cmd.cwd = dir_.string();
  cmd.stdout_path = (dir_ / "out").string();
  cmd.stderr_path = (dir_ / "err").string();
  cmd.keep_output = 1000;
  const ExitInfo info = run_command(cmd);
  EXPECT_EQ(info.exit_code, 0);
  EXPECT_EQ(info.output_dropped, 100000u + 7u - 1000u);
  const std::string out = read_text(dir_ / "out");
  EXPECT_EQ(out.substr(0, 1000), std::string(1000, 'a'));
  EXPECT_NE(out.find("[mpi-assay: 99007 bytes dropped here; --keep-output]"), std::string::npos);
  EXPECT_EQ(out.substr(out.size() - 1000), std::string(993, 'b') + "the end");
  EXPECT_LT(out.size(), 2100u);
  EXPECT_EQ(read_text(dir_ / "err"), "small\n");  // under the cap: whole, no note
}

TEST_F(ProcessTest, CappedOutputSharesOneFileForBothStreams) {
  Command cmd = shell("head -c 5000 /dev/zero >&2; echo out");
  cmd.stdout_path = cmd.stderr_path = (dir_ / "both").string();
  cmd.keep_output = 100;
  const ExitInfo info = run_command(cmd);
  EXPECT_EQ(info.output_dropped, 5004u - 200u);
  const std::string both = read_text(dir_ / "both");
  EXPECT_EQ(both.substr(both.size() - 4), "out\n");
  EXPECT_LT(both.size(), 300u);
}

TEST_F(ProcessTest, CappedOutputOfADaemonDoesNotHoldUpTheJob) {
  // The daemon keeps the pipe open; the job still ends (and the daemon is killed).
  Command cmd = shell("(setsid sh -c 'echo daemon; exec sleep 100' &); echo job");
  cmd.stdout_path = (dir_ / "out").string();
  cmd.keep_output = 100;
  const ExitInfo info = run_command(cmd);
  EXPECT_EQ(info.exit_code, 0);
  EXPECT_LT(info.seconds(), 10.0);
  EXPECT_NE(read_text(dir_ / "out").find("job"), std::string::npos);
}

TEST_F(ProcessTest, CappedOutputBoundsTheFileOfAFloodingJob) {
  Command cmd = shell("head -c 50000000 /dev/zero >&2");
  cmd.stderr_path = (dir_ / "err").string();
  cmd.keep_output = 1 << 20;
  const ExitInfo info = run_command(cmd);
  EXPECT_EQ(info.exit_code, 0);
  EXPECT_EQ(info.output_dropped, 50000000u - 2u * (1u << 20));
  EXPECT_LT(fs::file_size(dir_ / "err"), 2u * (1u << 20) + 100u);
}

TEST_F(ProcessTest, StdinIsEmpty) {
  Command cmd = shell("wc -c");
  cmd.stdout_path = (dir_ / "out.txt").string();
  EXPECT_EQ(run_command(cmd).exit_code, 0);
  EXPECT_EQ(read_text(dir_ / "out.txt"), "0\n");
}

TEST_F(ProcessTest, PassesEnvironmentAndToken) {
  ::setenv("ASSAY_TEST_INHERITED", "inherited", 1);
  ::setenv("ASSAY_TEST_OVERRIDDEN", "runner", 1);
  Command cmd = shell(
      "echo \"$ASSAY_TEST_INHERITED $ASSAY_TEST_OVERRIDDEN $ASSAY_TEST_ADDED $ASSAY_JOB_TOKEN\"");
  cmd.env = {{"ASSAY_TEST_OVERRIDDEN", "job"}, {"ASSAY_TEST_ADDED", "added"}};
  cmd.stdout_path = (dir_ / "out.txt").string();
  const ExitInfo info = run_command(cmd);
  ASSERT_FALSE(info.token.empty());
  EXPECT_EQ(read_text(dir_ / "out.txt"), "inherited job added " + info.token + "\n");
}

TEST_F(ProcessTest, TokensAreUnique) {
  Supervisor supervisor;
  std::vector<std::string> tokens;
  for (int i = 0; i < 2; ++i)
    supervisor.start(shell("true"), [&](const ExitInfo& info) { tokens.push_back(info.token); });
  supervisor.wait_all();
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_NE(tokens[0], tokens[1]);
}

TEST_F(ProcessTest, RunsInGivenDirectory) {
  Command cmd = shell("pwd -P");
  cmd.cwd = dir_.string();
  cmd.stdout_path = (dir_ / "out.txt").string();
  run_command(cmd);
  EXPECT_EQ(read_text(dir_ / "out.txt"), fs::canonical(dir_).string() + "\n");
}

TEST_F(ProcessTest, ReportsMissingProgram) {
  const ExitInfo info = run_command(Command{.argv = {"mpirun.foo", "-np", "2"}});
  EXPECT_FALSE(info.started);
  EXPECT_EQ(info.error, "cannot run 'mpirun.foo': No such file or directory");
}

TEST_F(ProcessTest, ReportsMissingDirectory) {
  Command cmd = shell("true");
  cmd.cwd = (dir_ / "missing").string();
  const ExitInfo info = run_command(cmd);
  EXPECT_FALSE(info.started);
  EXPECT_EQ(info.error, "cannot change to directory '" + cmd.cwd + "': No such file or directory");
}

TEST_F(ProcessTest, ReportsUnwritableOutput) {
  Command cmd = shell("true");
  cmd.stdout_path = (dir_ / "missing" / "out.txt").string();
  const ExitInfo info = run_command(cmd);
  EXPECT_FALSE(info.started);
  EXPECT_EQ(info.error, "cannot open '" + cmd.stdout_path + "': No such file or directory");
}

TEST_F(ProcessTest, FailedStartStillCallsBack) {
  Supervisor supervisor;
  int calls = 0;
  supervisor.start(Command{.argv = {"mpirun.foo"}}, [&](const ExitInfo& info) {
    ++calls;
    EXPECT_FALSE(info.started);
  });
  EXPECT_EQ(supervisor.poll(0ms), 0u);
  EXPECT_EQ(calls, 1);
}

TEST_F(ProcessTest, TimeoutKillsWholeTree) {
  const ExitInfo info =
      run_shell("sleep 100 & echo $! > pids; sleep 100 & echo $! >> pids; wait", 1000ms);
  EXPECT_TRUE(info.timed_out);
  EXPECT_EQ(info.signal, SIGTERM);
  EXPECT_LT(info.seconds(), 5.0);
  expect_nothing_left(info);
  const auto sleepers = read_pids(dir_ / "pids");
  ASSERT_EQ(sleepers.size(), 2u);
  for (pid_t pid : sleepers) EXPECT_FALSE(alive(pid)) << pid;
}

TEST_F(ProcessTest, TimeoutEscalatesToSigkill) {
  // An ignored SIGTERM is inherited by the sleepers too.
  const ExitInfo info =
      run_shell("trap '' TERM; sleep 100 & echo $! > pids; sleep 100; wait", 500ms, 300ms);
  EXPECT_TRUE(info.timed_out);
  EXPECT_EQ(info.signal, SIGKILL);
  expect_nothing_left(info);
  for (pid_t pid : read_pids(dir_ / "pids")) EXPECT_FALSE(alive(pid)) << pid;
}

TEST_F(ProcessTest, KillFindsEscapedSessionByToken) {
  // The escapee sits in a session of its own and is orphaned: only the token ties it to the job.
  const ExitInfo info = kill_once_ready(
      "(setsid sh -c 'echo $$ > escaped.tmp && mv escaped.tmp escaped; exec sleep 100' &);"
      "sleep 100",
      {"escaped"}, [&] {
        const auto escaped = read_pids(dir_ / "escaped");
        ASSERT_EQ(escaped.size(), 1u);
        EXPECT_EQ(session_of(escaped[0]), escaped[0]);  // leads its own session
      });
  const auto escaped = read_pids(dir_ / "escaped");
  ASSERT_EQ(escaped.size(), 1u);
  EXPECT_EQ(info.signal, SIGTERM);
  expect_nothing_left(info);
  EXPECT_FALSE(alive(escaped[0]));
}

TEST_F(ProcessTest, KillFindsProcessesThatDroppedTheToken) {
  // `a` is orphaned but stays in the job's session; `b` left the session but is
  // still the leader's child. Neither holds the token (env -i).
  const ExitInfo info = kill_once_ready(
      "(env -i sh -c 'echo $$ > a.tmp && mv a.tmp a; exec sleep 100' &);"
      "env -i /usr/bin/setsid sh -c 'echo $$ > b.tmp && mv b.tmp b; exec sleep 100' &"
      "wait",
      {"a", "b"});
  expect_nothing_left(info);
  for (const char* name : {"a", "b"}) {
    const auto pids = read_pids(dir_ / name);
    ASSERT_EQ(pids.size(), 1u) << name;
    EXPECT_FALSE(alive(pids[0])) << name;
  }
}

TEST_F(ProcessTest, DaemonLeftAfterNormalExitIsKilledAndReported) {
  const ExitInfo info = run_shell(
      "(setsid sh -c 'echo $$ > daemon.tmp && mv daemon.tmp daemon; exec sleep 100' &);"
      "while [ ! -f daemon ]; do sleep 0.01; done; exit 3");
  EXPECT_FALSE(info.timed_out);
  EXPECT_EQ(info.exit_code, 3);
  const auto daemon = read_pids(dir_ / "daemon");
  ASSERT_EQ(daemon.size(), 1u);
  EXPECT_EQ(info.leftovers, daemon);
  EXPECT_FALSE(alive(daemon[0]));
  EXPECT_TRUE(processes_with_token(info.token).empty());
}

TEST_F(ProcessTest, DoubleForkedDaemonWithEmptyEnvironmentIsKilled) {
  // Orphaned (double fork), in a session of its own, without the token: nothing
  // but the subreaper ties it to the job.
  const ExitInfo info = run_shell(
      "(env -i /usr/bin/setsid sh -c 'echo $$ > daemon.tmp && mv daemon.tmp daemon; exec sleep 100' &);"
      "while [ ! -f daemon ]; do sleep 0.01; done; exit 3");
  EXPECT_EQ(info.exit_code, 3);
  const auto daemon = read_pids(dir_ / "daemon");
  ASSERT_EQ(daemon.size(), 1u);
  EXPECT_EQ(info.leftovers, daemon);
  EXPECT_FALSE(alive(daemon[0]));
}

TEST_F(ProcessTest, OrphanIsNotKilledWhileAJobThatMayOwnItRuns) {
  // `early` starts a daemon and ends while `late`, started before that daemon,
  // still runs: either may own it, so it lives until `late` ends too.
  Supervisor supervisor;
  std::map<std::string, ExitInfo> results;
  Command late = shell("while [ ! -f go ]; do sleep 0.01; done");
  late.cwd = dir_.string();
  supervisor.start(late, [&](const ExitInfo& i) { results["late"] = i; });
  ::usleep(50'000);  // start times count in 10 ms ticks
  Command early = shell(
      "(env -i /usr/bin/setsid sh -c 'echo $$ > daemon.tmp && mv daemon.tmp daemon; exec sleep 100' &);"
      "while [ ! -f daemon ]; do sleep 0.01; done");
  early.cwd = dir_.string();
  supervisor.start(early, [&](const ExitInfo& i) { results["early"] = i; });
  while (!results.count("early")) supervisor.poll(50ms);
  const auto daemon = read_pids(dir_ / "daemon");
  ASSERT_EQ(daemon.size(), 1u);
  EXPECT_TRUE(alive(daemon[0]));
  EXPECT_TRUE(results["early"].leftovers.empty());
  std::ofstream(dir_ / "go").close();
  supervisor.wait_all();
  EXPECT_EQ(results["late"].leftovers, daemon);
  EXPECT_FALSE(alive(daemon[0]));
}

TEST_F(ProcessTest, WhatASigkilledRunnerLeftIsKilledFromItsProcessLog) {
  // A runner (child process) records its processes; its job double-forks a daemon
  // with an empty environment; the runner is SIGKILLed and cannot clean up.
  const std::string log = (dir_ / "processes").string();
  const pid_t runner = ::fork();
  ASSERT_GE(runner, 0);
  if (runner == 0) {
    become_subreaper();
    Command cmd = shell(
        "(env -i /usr/bin/setsid sh -c 'echo $$ > daemon.tmp && mv daemon.tmp daemon; exec sleep 100' &);"
        "exec sleep 100");
    cmd.cwd = dir_.string();
    Supervisor supervisor;
    supervisor.record_processes(log);
    supervisor.start(cmd, nullptr);
    for (;;) supervisor.poll(1s);
  }
  for (int i = 0; i < 500 && !fs::exists(dir_ / "daemon"); ++i) ::usleep(10'000);
  const auto daemon = read_pids(dir_ / "daemon");
  ASSERT_EQ(daemon.size(), 1u);
  for (int i = 0; i < 500 && read_text(log).find("\n" + std::to_string(daemon[0]) + " ") == std::string::npos; ++i)
    ::usleep(10'000);
  ::kill(runner, SIGKILL);
  ::waitpid(runner, nullptr, 0);
  EXPECT_TRUE(alive(daemon[0]));  // what the next start must clean up
  EXPECT_GE(kill_recorded_processes(log), 1);
  EXPECT_FALSE(alive(daemon[0]));
  EXPECT_FALSE(fs::exists(log));
  ::waitpid(daemon[0], nullptr, 0);  // an orphan of ours, as we are a subreaper
}

TEST_F(ProcessTest, ProcessLogNeverNamesAReusedPidOrAnotherBoot) {
  Supervisor supervisor;
  Command cmd = shell("echo $$ > pid.tmp && mv pid.tmp pid; exec sleep 100");
  cmd.cwd = dir_.string();
  ExitInfo info;
  supervisor.start(cmd, [&](const ExitInfo& i) { info = i; });
  while (!fs::exists(dir_ / "pid")) supervisor.poll(10ms);
  const auto pid = read_pids(dir_ / "pid");
  ASSERT_EQ(pid.size(), 1u);
  std::string boot = read_text("/proc/sys/kernel/random/boot_id");
  boot.pop_back();  // '\n'
  const auto log = (dir_ / "log").string();
  std::ofstream(log) << "boot " << boot << "\n" << pid[0] << " 1\n";  // its start time is not 1
  EXPECT_EQ(kill_recorded_processes(log), 0);
  std::ofstream(log) << "boot another-boot\n" << pid[0] << " 1\n";
  EXPECT_EQ(kill_recorded_processes(log), 0);
  EXPECT_TRUE(alive(pid[0]));
  supervisor.kill_all();
  supervisor.wait_all();
}

TEST_F(ProcessTest, ConcurrentJobsFinishIndependently) {
  Supervisor supervisor;
  std::map<std::string, ExitInfo> results;
  auto start = [&](const std::string& name, const std::string& script,
                   std::chrono::milliseconds timeout) {
    Command cmd = shell(script);
    cmd.timeout = timeout;
    cmd.kill_grace = 200ms;
    supervisor.start(cmd, [&results, name](const ExitInfo& info) {
      EXPECT_EQ(results.count(name), 0u) << name << " called back twice";
      results[name] = info;
    });
  };
  start("fast", "sleep 1; exit 1", 0ms);
  start("hung", "sleep 100", 1500ms);
  start("slow", "sleep 1.2; exit 2", 0ms);
  EXPECT_EQ(supervisor.running(), 3u);
  supervisor.wait_all();
  EXPECT_EQ(supervisor.running(), 0u);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results["fast"].exit_code, 1);
  EXPECT_FALSE(results["fast"].timed_out);
  EXPECT_EQ(results["slow"].exit_code, 2);
  EXPECT_FALSE(results["slow"].timed_out);
  EXPECT_TRUE(results["hung"].timed_out);
  for (const auto& [name, info] : results) {
    expect_nothing_left(info);
    for (const auto& [other_name, other] : results)  // they overlapped in time
      EXPECT_LT(info.start, other.end) << name << " started after " << other_name << " ended";
  }
}

TEST_F(ProcessTest, CallbackMayStartAnotherJob) {
  Supervisor supervisor;
  std::vector<int> codes;
  supervisor.start(shell("exit 1"), [&](const ExitInfo& first) {
    codes.push_back(first.exit_code);
    supervisor.start(shell("exit 2"),
                     [&](const ExitInfo& second) { codes.push_back(second.exit_code); });
  });
  supervisor.wait_all();
  EXPECT_EQ(codes, (std::vector<int>{1, 2}));
}

TEST_F(ProcessTest, KillAllStopsEveryJob) {
  Supervisor supervisor;
  std::vector<ExitInfo> results;
  for (int i = 0; i < 2; ++i)
    supervisor.start(shell("sleep 100 & wait"),
                     [&](const ExitInfo& info) { results.push_back(info); });
  EXPECT_EQ(supervisor.poll(200ms), 2u);
  supervisor.kill_all();
  supervisor.wait_all();
  ASSERT_EQ(results.size(), 2u);
  for (const auto& info : results) {
    EXPECT_FALSE(info.timed_out);
    EXPECT_EQ(info.signal, SIGTERM);
    EXPECT_LT(info.seconds(), 5.0);
    expect_nothing_left(info);
  }
}

TEST_F(ProcessTest, DestructorKillsRunningJobs) {
  std::string token;
  {
    Command cmd =
        shell("echo $ASSAY_JOB_TOKEN > token.tmp && mv token.tmp token; sleep 100 & wait");
    cmd.cwd = dir_.string();
    Supervisor supervisor;
    supervisor.start(cmd, [](const ExitInfo&) { ADD_FAILURE() << "destructor called back"; });
    while (!fs::exists(dir_ / "token")) supervisor.poll(10ms);
    std::istringstream(read_text(dir_ / "token")) >> token;
    ASSERT_FALSE(token.empty());
    EXPECT_FALSE(processes_with_token(token).empty());
  }
  EXPECT_TRUE(processes_with_token(token).empty());
}

TEST_F(ProcessTest, LauncherDiesWithSupervisor) {
  // A runner killed with SIGKILL cannot clean up; the launcher must still die.
  const pid_t runner = ::fork();
  ASSERT_GE(runner, 0);
  if (runner == 0) {
    Command cmd = shell("echo $$ > launcher.tmp && mv launcher.tmp launcher; exec sleep 100");
    cmd.cwd = dir_.string();
    Supervisor supervisor;
    supervisor.start(cmd, nullptr);
    for (;;) supervisor.poll(1s);
  }
  for (int i = 0; i < 500 && !fs::exists(dir_ / "launcher"); ++i) ::usleep(10'000);
  const auto launcher = read_pids(dir_ / "launcher");
  ::kill(runner, SIGKILL);
  ::waitpid(runner, nullptr, 0);
  ASSERT_EQ(launcher.size(), 1u);
  for (int i = 0; i < 200 && alive(launcher[0]); ++i) ::usleep(10'000);
  EXPECT_FALSE(alive(launcher[0]));
  ::waitpid(launcher[0], nullptr, 0);  // an orphan of ours, as we are a subreaper
}

TEST_F(ProcessTest, InterruptMakesWaitAllKillJobs) {
  // In a child process: the interrupt flag cannot be reset.
  EXPECT_EXIT(
      {
        install_interrupt_flag();
        Supervisor supervisor;
        ExitInfo info;
        supervisor.start(shell("sleep 100 & wait"), [&](const ExitInfo& i) { info = i; });
        if (interrupted()) std::_Exit(2);
        std::raise(SIGINT);
        if (!interrupted() || interrupt_signal() != SIGINT) std::_Exit(3);
        supervisor.wait_all();
        std::_Exit(info.signal == SIGTERM && processes_with_token(info.token).empty() ? 0 : 4);
      },
      ::testing::ExitedWithCode(0), "");
}

// ---- a real MPI hang ----------------------------------------------------------

struct MpiFlavour {
  std::string name, compiler;
  std::vector<std::string> launcher;
  std::map<std::string, std::string> env;
};

// Keeps the CTest names readable.
void PrintTo(const MpiFlavour& mpi, std::ostream* os) { *os << mpi.name; }

class MpiHangTest : public ProcessTest, public ::testing::WithParamInterface<MpiFlavour> {};

TEST_P(MpiHangTest, TimeoutKillsDeadlockedRanks) {
  const MpiFlavour& mpi = GetParam();
  const std::string program = (dir_ / "deadlock").string();
  Command compile{.argv = {mpi.compiler, ASSAY_TEST_DATA_DIR "/exec/deadlock.c", "-o", program}};
  compile.stderr_path = (dir_ / "compile.txt").string();
  compile.timeout = 120s;
  const ExitInfo built = run_command(compile);
  if (!built.started) GTEST_SKIP() << built.error;
  ASSERT_EQ(built.exit_code, 0) << read_text(dir_ / "compile.txt");

  Command run{.argv = mpi.launcher,
              .env = mpi.env,
              .cwd = dir_.string(),
              .stdout_path = (dir_ / "out.txt").string(),
              .stderr_path = (dir_ / "err.txt").string(),
              .timeout = 5s,  // start-up alone takes 1-2 s on a busy 2-core machine
              .kill_grace = 1s};
  run.argv.push_back(program);
  const ExitInfo info = run_command(run);
  const std::string out = read_text(dir_ / "out.txt");
  EXPECT_TRUE(info.timed_out) << out << read_text(dir_ / "err.txt");
  expect_nothing_left(info);
  // Both ranks reached the deadlock (not a hang during start-up) and are gone now.
  std::istringstream lines(out);
  int ranks = 0;
  for (std::string line; std::getline(lines, line);) {
    int rank;
    long pid;
    if (std::sscanf(line.c_str(), "rank %d pid %ld waiting", &rank, &pid) != 2) continue;
    ++ranks;
    EXPECT_FALSE(alive(static_cast<pid_t>(pid))) << "rank " << rank;
  }
  EXPECT_EQ(ranks, 2) << out;
}

INSTANTIATE_TEST_SUITE_P(
    Launchers, MpiHangTest,
    ::testing::Values(
        MpiFlavour{"openmpi", "mpicc.openmpi", {"mpirun.openmpi", "--oversubscribe", "-np", "2"},
                   {{"OMPI_ALLOW_RUN_AS_ROOT", "1"}, {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}}},
        MpiFlavour{"mpich", "mpicc.mpich", {"mpiexec.mpich", "-np", "2"}, {}}),
    [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace assay
