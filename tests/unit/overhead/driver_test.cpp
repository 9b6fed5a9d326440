#include "overhead/driver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "test_backend.hpp"

namespace assay::overhead {

namespace {

using test_support::backend;

bool has(const std::vector<std::string>& argv, const std::string& item) {
  return std::find(argv.begin(), argv.end(), item) != argv.end();
}

}  // namespace

TEST(OverheadDriver, PlanExpandsInRunOrder) {
  StudyPlan plan;
  plan.kernels = {"heat2d"};
  plan.backends = {"native", "tool"};
  plan.nps = {2, 4};
  plan.mpis = {"openmpi", "mpich"};
  auto specs = expand_plan(plan, {backend("native"), backend("tool")});
  ASSERT_EQ(specs.size(), 16u);  // 2 MPIs × 2 variants × 2 np × 2 backends
  EXPECT_EQ(specs[0].mpi, "openmpi");
  EXPECT_EQ(specs[0].variant, "corners");
  EXPECT_EQ(specs[0].np, 2);
  EXPECT_EQ(specs[0].backend, "native");
  EXPECT_EQ(specs[1].backend, "tool");  // backends of one configuration run back to back
  EXPECT_EQ(specs[2].np, 4);
  EXPECT_EQ(specs[4].variant, "no-corners");
  EXPECT_EQ(specs[8].mpi, "mpich");
}

TEST(OverheadDriver, VariantsFilterEachKernel) {
  StudyPlan plan;
  plan.variants = {"fence", "lock-all"};
  auto specs = expand_plan(plan, {backend("native")});
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].kernel, "cfd");
  EXPECT_EQ(specs[0].variant, "fence");
  EXPECT_EQ(specs[1].kernel, "advect");
}

TEST(OverheadDriver, PlanRejectsUnknownNames) {
  std::vector<Backend> known = {backend("native")};
  StudyPlan plan;
  plan.kernels = {"lulesh"};
  EXPECT_THROW(expand_plan(plan, known), std::invalid_argument);
  plan = {};
  plan.backends = {"nosuch"};
  EXPECT_THROW(expand_plan(plan, known), std::invalid_argument);
  plan = {};
  plan.mpis = {"intelmpi"};
  EXPECT_THROW(expand_plan(plan, known), std::invalid_argument);
  plan = {};
  plan.kernels = {"heat2d"};
  plan.variants = {"fence"};  // a cfd variant
  EXPECT_THROW(expand_plan(plan, known), std::invalid_argument);
  plan = {};
  plan.size = "XL";
  EXPECT_THROW(expand_plan(plan, known), std::invalid_argument);
}

TEST(OverheadDriver, LaunchCommandCarriesTheBackendsRankTemplateAndEnvironment) {
  Backend tool = backend("tool");
  BackendConfig& config = tool.configs["mpich"];
  config.launch_rank = {"${backend_dir}/wrap", "--mpi=${mpi}", "${program}", "${args}"};
  config.rank_env = {{"LD_PRELOAD", "${build_dir}/libtool.so"}};
  tool.timeout_factor = 3;
  StudyPlan plan;
  plan.bench_dir = "/bench";
  plan.build_dir = "/build";
  plan.iterations = 7;
  plan.repetitions = 3;
  RunSpec spec{"cfd", "pscw", 3, "tool", "mpich"};
  auto launcher = local_launcher(*find_mpi("mpich"), 2);
  Command cmd = run_command_of(spec, plan, tool, *find_mpi("mpich"), *launcher, "/bench/assay_overhead_mpich", "/out/run");
  EXPECT_EQ(cmd.argv[0], "mpiexec.mpich");
  EXPECT_TRUE(has(cmd.argv, "3"));
  EXPECT_TRUE(has(cmd.argv, "/build/libtool.so"));
  EXPECT_TRUE(has(cmd.argv, "ASSAY_BACKEND"));
  auto wrap = std::find(cmd.argv.begin(), cmd.argv.end(), "/suite/backends/tool/wrap");
  ASSERT_NE(wrap, cmd.argv.end());
  EXPECT_EQ(*(wrap + 1), "--mpi=mpich");
  EXPECT_EQ(*(wrap + 2), "/bench/assay_overhead_mpich");
  EXPECT_TRUE(has(cmd.argv, "--kernel=cfd"));
  EXPECT_TRUE(has(cmd.argv, "--variant=pscw"));
  EXPECT_TRUE(has(cmd.argv, "--iterations=7"));
  EXPECT_TRUE(has(cmd.argv, "--repetitions=3"));
  EXPECT_TRUE(has(cmd.argv, "--benchmark_out=/out/run/benchmark.json"));
  EXPECT_EQ(cmd.stdout_path, "/out/run/stdout");
  EXPECT_EQ(cmd.timeout.count(), 3 * 300 * 1000);
}

// A backend with its own build flavour is timed (on a benchmark built its way: binaries_test.cpp).
TEST(OverheadDriver, OnlyStaticOrMissingBackendsAreSkipped) {
  Vars vars;
  EXPECT_EQ(unusable_reason(backend("native"), "openmpi", vars), "");
  Backend flavoured = backend("compiled");
  flavoured.configs["openmpi"].custom_build = true;
  EXPECT_EQ(unusable_reason(flavoured, "openmpi", vars), "");
  Backend static_tool = backend("static");
  static_tool.kind = BackendKind::static_analysis;
  EXPECT_NE(unusable_reason(static_tool, "openmpi", vars), "");
  Backend missing = backend("missing");
  missing.configs["openmpi"].requires_programs = {"no-such-tool-h8"};
  EXPECT_NE(unusable_reason(missing, "openmpi", vars).find("no-such-tool-h8"), std::string::npos);
}

// Issue 20, item 17: when a machine is too busy for a time to be trusted.
TEST(OverheadDriver, UnreliableWhenLoadExceedsTheCpusOrOthersUseCores) {
  EXPECT_EQ(unreliable_reason(0.3, 0.1, 2), "");
  EXPECT_EQ(unreliable_reason(2.9, 0.4, 2), "");  // our own 2 ranks add about 2 to the load
  EXPECT_EQ(unreliable_reason(-1, -1, 2), "");     // unknown: not claimed
  EXPECT_NE(unreliable_reason(7.5, 0.1, 2).find("load average 7.5 on 2 CPUs"), std::string::npos);
  EXPECT_NE(unreliable_reason(0.5, 1.2, 2).find("other processes used 1.2 cores"), std::string::npos);
}

TEST(OverheadDriver, LoadAverageCanBeSimulated) {
  ::setenv("ASSAY_LOADAVG", "42.5", 1);
  EXPECT_DOUBLE_EQ(load_average(), 42.5);
  ::unsetenv("ASSAY_LOADAVG");
  EXPECT_GE(load_average(), 0.0);  // /proc/loadavg
}

}  // namespace assay::overhead
