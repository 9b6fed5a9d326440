#include "overhead/record.hpp"

#include <gtest/gtest.h>

namespace assay::overhead {

namespace {

RunRecord ok_run(const std::string& backend, const std::string& mpi, const std::string& checksum) {
  RunRecord r;
  r.spec = {"cfd", "fence", 2, backend, mpi};
  r.size = "S";
  r.status = RunStatus::ok;
  r.times_s = {0.001, 0.002};
  r.checksum = checksum;
  return r;
}

}  // namespace

TEST(OverheadRecord, JsonRoundTrip) {
  RunRecord r = ok_run("native", "mpich", "12.5");
  r.iterations = 10;
  r.repetitions = 2;
  r.context = {{"np", "2"}};
  r.wall_s = 1.5;
  r.findings = 2;
  r.finding_lines = {"2x rma.window.leak: a window was never freed (a.cpp:3)"};
  RunRecord back = record_from_json(nlohmann::json::parse(to_json(r).dump()));
  EXPECT_EQ(back.spec.kernel, "cfd");
  EXPECT_EQ(back.spec.variant, "fence");
  EXPECT_EQ(back.spec.np, 2);
  EXPECT_EQ(back.spec.backend, "native");
  EXPECT_EQ(back.spec.mpi, "mpich");
  EXPECT_EQ(back.status, RunStatus::ok);
  EXPECT_EQ(back.times_s, r.times_s);
  EXPECT_EQ(back.checksum, "12.5");
  EXPECT_EQ(back.context["np"], "2");
  EXPECT_EQ(back.iterations, 10);
  EXPECT_EQ(back.findings, 2);
  EXPECT_EQ(back.finding_lines, r.finding_lines);
  EXPECT_EQ(back.tool_failure, "");
  EXPECT_EQ(back.launcher, "local");
}

TEST(OverheadRecord, LauncherNodesAndTasksRoundTripAndOldRecordsReadAsLocal) {
  RunRecord r = ok_run("pmpi", "openmpi", "1");
  r.launcher = "slurm";
  r.cpu_bind = "cores";
  r.nodes = 2;
  r.tasks = 16;
  RunRecord back = record_from_json(nlohmann::json::parse(to_json(r).dump()));
  EXPECT_EQ(back.launcher, "slurm");
  EXPECT_EQ(back.cpu_bind, "cores");
  EXPECT_EQ(back.nodes, 2);
  EXPECT_EQ(back.tasks, 16);
  nlohmann::json old = to_json(r);
  for (const char* key : {"launcher", "cpu_bind", "nodes", "tasks"}) old.erase(key);
  RunRecord before = record_from_json(old);
  EXPECT_EQ(before.launcher, "local");
  EXPECT_EQ(before.nodes, 0);
}

// Which binary was timed, and what the backend said about itself; older records have neither.
TEST(OverheadRecord, BinaryFlavourAndBackendStatsRoundTripAndOldRecordsReadWithout) {
  RunRecord r = ok_run("llvm", "openmpi", "1");
  r.binary = "/cache/openmpi/0123/assay_overhead";
  r.flavour = "llvm build";
  r.compile_command = "OMPI_CXX=clang++-14 mpicxx.openmpi -O2";
  r.backend_stats = {{"accesses", 10}, {"instrumented", 4}};
  RunRecord back = record_from_json(nlohmann::json::parse(to_json(r).dump()));
  EXPECT_EQ(back.binary, r.binary);
  EXPECT_EQ(back.flavour, "llvm build");
  EXPECT_EQ(back.compile_command, r.compile_command);
  EXPECT_EQ(back.backend_stats["instrumented"], 4);
  nlohmann::json old = to_json(r);
  for (const char* key : {"binary", "flavour", "compile_command", "backend_stats"}) old.erase(key);
  RunRecord before = record_from_json(old);
  EXPECT_EQ(before.flavour, "");
  EXPECT_TRUE(before.backend_stats.is_null());
}

TEST(OverheadRecord, StatusNamesRoundTrip) {
  for (RunStatus s : {RunStatus::ok, RunStatus::failed, RunStatus::timeout, RunStatus::skipped})
    EXPECT_EQ(status_from_name(status_name(s)), s);
  EXPECT_THROW(status_from_name("great"), std::invalid_argument);
}

TEST(OverheadRecord, RepetitionTimesSkipAggregatesAndConvertUnits) {
  auto output = nlohmann::json::parse(R"({"context": {}, "benchmarks": [
    {"name": "a", "run_type": "iteration", "real_time": 2.0, "time_unit": "ms"},
    {"name": "a", "run_type": "iteration", "real_time": 3000.0, "time_unit": "us"},
    {"name": "a_median", "run_type": "aggregate", "real_time": 2.5, "time_unit": "ms"}]})");
  auto times = repetition_times(output);
  ASSERT_EQ(times.size(), 2u);
  EXPECT_DOUBLE_EQ(times[0], 0.002);
  EXPECT_DOUBLE_EQ(times[1], 0.003);
}

TEST(OverheadRecord, RepetitionTimesRejectEmptyOrFailedOutput) {
  EXPECT_THROW(repetition_times(nlohmann::json::parse(R"({"benchmarks": []})")), std::runtime_error);
  EXPECT_THROW(repetition_times(nlohmann::json::parse(
                   R"({"benchmarks": [{"run_type": "iteration", "error_occurred": true, "real_time": 1}]})")),
               std::runtime_error);
}

TEST(OverheadRecord, FindsTheChecksumOfTheKernelAndVariant) {
  std::string out = "noise\nchecksum cfd fence 1.25\nchecksum cfd pscw 9\n";
  EXPECT_EQ(find_checksum(out, "cfd", "fence"), "1.25");
  EXPECT_EQ(find_checksum(out, "cfd", "pscw"), "9");
  EXPECT_EQ(find_checksum(out, "cfd", "passive"), "");
  EXPECT_EQ(find_checksum("\x1b[mchecksum heat2d corners 3.5\n", "heat2d", "corners"), "3.5");
}

TEST(OverheadRecord, ChecksumsMustAgreeAcrossBackendsAndMpis) {
  std::vector<RunRecord> same = {ok_run("native", "openmpi", "1.5"), ok_run("native", "mpich", "1.5"),
                                 ok_run("pmpi", "mpich", "1.5")};
  EXPECT_TRUE(checksum_mismatches(same).empty());

  auto differ = same;
  differ[2].checksum = "1.5000000000000002";
  auto messages = checksum_mismatches(differ);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("cfd fence np=2"), std::string::npos);
  EXPECT_NE(messages[0].find("pmpi/mpich"), std::string::npos);

  auto failed = differ;
  failed[2].status = RunStatus::failed;  // failed runs are not compared
  EXPECT_TRUE(checksum_mismatches(failed).empty());

  auto other_np = differ;
  other_np[2].spec.np = 4;  // a different np may sum in another order
  EXPECT_TRUE(checksum_mismatches(other_np).empty());
}

}  // namespace assay::overhead
