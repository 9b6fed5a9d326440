#include "launch/launcher.hpp"
#include "launch/submit.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace assay {
namespace {

using Argv = std::vector<std::string>;

Vars vars_for(const MpiImpl& mpi) {
  Vars v;
  v.set("mpi", mpi.name).set("backend_dir", "/b/tool").set("source_dir", "/src").set("build_dir", "/build");
  return v;
}

LaunchRequest request(int np) {
  LaunchRequest r;
  r.np = np;
  r.program = {"/cache/case", "--flag"};
  r.run_dir = "/runs/1";
  r.rank_env = {{"ASSAY_REPORT_DIR", "/runs/1"}};
  r.timeout = std::chrono::seconds(5);
  return r;
}

Argv launch(const std::string& mpi, const BackendConfig& config, int np, int cores = 2) {
  const MpiImpl& m = *find_mpi(mpi);
  return launch_command(*local_launcher(m, cores), config, vars_for(m), request(np)).argv;
}

TEST(Launcher, OpenMpiPassesRankEnvironmentWithXAndOversubscribesBeyondTheCores) {
  BackendConfig c;
  c.rank_env = {{"LD_PRELOAD", "${build_dir}/lib_${mpi}.so"}};
  EXPECT_EQ(launch("openmpi", c, 2),
            (Argv{"mpirun.openmpi", "--bind-to", "none", "-np", "2", "-x", "ASSAY_REPORT_DIR=/runs/1", "-x",
                  "LD_PRELOAD=/build/lib_openmpi.so", "/cache/case", "--flag"}));
  Argv over = launch("openmpi", c, 3);
  EXPECT_NE(std::find(over.begin(), over.end(), "--oversubscribe"), over.end());
}

TEST(Launcher, MpichPassesRankEnvironmentWithGenv) {
  BackendConfig c;
  EXPECT_EQ(launch("mpich", c, 2),
            (Argv{"mpiexec.mpich", "-genv", "ASSAY_REPORT_DIR", "/runs/1", "-n", "2", "/cache/case", "--flag"}));
}

TEST(Launcher, RankTemplateWrapsEachRankAndRankMakesTheLaunchMpmd) {
  BackendConfig c;
  c.launch_rank = {"valgrind", "--log-file=${run_dir}/vg.log", "${program}", "${args}"};
  EXPECT_EQ(launch("mpich", c, 2),
            (Argv{"mpiexec.mpich", "-genv", "ASSAY_REPORT_DIR", "/runs/1", "-n", "2", "valgrind",
                  "--log-file=/runs/1/vg.log", "/cache/case", "--flag"}));
  c.launch_rank = {"valgrind", "--xml-file=${run_dir}/vg-${rank}.xml", "${program}", "${args}"};
  EXPECT_EQ(launch("mpich", c, 2),
            (Argv{"mpiexec.mpich", "-genv", "ASSAY_REPORT_DIR", "/runs/1", "-n", "1", "valgrind",
                  "--xml-file=/runs/1/vg-0.xml", "/cache/case", "--flag", ":", "-n", "1", "valgrind",
                  "--xml-file=/runs/1/vg-1.xml", "/cache/case", "--flag"}));
  // Open MPI: -x holds per application context, so each context carries the environment.
  EXPECT_EQ(launch("openmpi", c, 2),
            (Argv{"mpirun.openmpi", "--bind-to", "none", "-np", "1", "-x", "ASSAY_REPORT_DIR=/runs/1", "valgrind",
                  "--xml-file=/runs/1/vg-0.xml", "/cache/case", "--flag", ":", "-np", "1", "-x",
                  "ASSAY_REPORT_DIR=/runs/1", "valgrind", "--xml-file=/runs/1/vg-1.xml", "/cache/case", "--flag"}));
}

TEST(Launcher, CommandTemplateWrapsOrReplacesTheWholeLaunch) {
  BackendConfig c;
  c.launch_command = {"timeout", "60", "${launch}"};
  c.launch_env = {{"TOOL_OUT", "${run_dir}/out"}};
  const MpiImpl& mpich = *find_mpi("mpich");
  Command cmd = launch_command(*local_launcher(mpich, 2), c, vars_for(mpich), request(2));
  EXPECT_EQ(cmd.argv, (Argv{"timeout", "60", "mpiexec.mpich", "-genv", "ASSAY_REPORT_DIR", "/runs/1", "-n", "2",
                            "/cache/case", "--flag"}));
  EXPECT_EQ(cmd.env.at("TOOL_OUT"), "/runs/1/out");
  EXPECT_EQ(cmd.env.at("ASSAY_REPORT_DIR"), "/runs/1");
  EXPECT_EQ(cmd.stdout_path, "/runs/1/stdout");
  EXPECT_EQ(cmd.timeout, std::chrono::seconds(5));
  // A tool with its own launcher (MUST's mustrun) uses ${np} and ${program} directly.
  c.launch_command = {"/opt/must/bin/mustrun", "-np", "${np}", "${program}", "${args}"};
  EXPECT_EQ(launch("openmpi", c, 4), (Argv{"/opt/must/bin/mustrun", "-np", "4", "/cache/case", "--flag"}));
}

TEST(Launcher, OpenMpiAsRootIsAllowedThroughTheLaunchersEnvironment) {
  auto env = local_launcher(*find_mpi("openmpi"), 2)->env();
  EXPECT_EQ(env.count("OMPI_ALLOW_RUN_AS_ROOT"), geteuid() == 0 ? 1u : 0u);
  EXPECT_TRUE(local_launcher(*find_mpi("mpich"), 2)->env().empty());
}

}  // namespace
}  // namespace assay

namespace assay {
namespace {

using Argv = std::vector<std::string>;

// A run folder of its own, removed afterwards; outside any Slurm allocation.
struct SlurmFixture : ::testing::Test {
  std::string dir;
  void SetUp() override {
    unsetenv("SLURM_JOB_ID");
    char tmpl[] = "/tmp/assay-slurm-test-XXXXXX";
    dir = mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  LaunchRequest req(int np) {
    LaunchRequest r = request(np);
    r.run_dir = dir;
    return r;
  }
  void write_stderr(const std::string& text) { std::ofstream(dir + "/stderr") << text; }
};

bool has(const Argv& argv, const std::string& word) { return std::find(argv.begin(), argv.end(), word) != argv.end(); }

TEST_F(SlurmFixture, SrunStartsAJobWithTheRightPmiAndTheRankEnvironmentExported) {
  SlurmOptions o;
  o.partition = "debug";
  o.time = "5";
  o.srun_options = {"--mem-per-cpu=100M"};
  BackendConfig c;
  c.rank_env = {{"LD_PRELOAD", "${build_dir}/lib_${mpi}.so"}};
  const MpiImpl& mpich = *find_mpi("mpich");
  Argv argv = launch_command(*slurm_launcher(mpich, 2, o), c, vars_for(mpich), req(2)).argv;
  EXPECT_EQ(argv.front(), "srun");
  EXPECT_TRUE(has(argv, "--ntasks=2"));
  EXPECT_TRUE(has(argv, "--mpi=pmi2"));
  EXPECT_TRUE(has(argv, "--kill-on-bad-exit=1"));
  EXPECT_TRUE(has(argv, "--export=ALL,ASSAY_REPORT_DIR=/runs/1,LD_PRELOAD=/build/lib_mpich.so"));
  EXPECT_TRUE(has(argv, "--partition=debug"));
  EXPECT_TRUE(has(argv, "--time=5"));
  EXPECT_FALSE(has(argv, "--exact"));      // a job of its own
  EXPECT_FALSE(has(argv, "--overcommit"));  // 2 ranks, 2 tasks
  EXPECT_EQ(Argv(argv.end() - 3, argv.end()), (Argv{"--mem-per-cpu=100M", "/cache/case", "--flag"}));
  const MpiImpl& openmpi = *find_mpi("openmpi");
  Argv four = launch_command(*slurm_launcher(openmpi, 2, {}), c, vars_for(openmpi), req(4)).argv;
  EXPECT_TRUE(has(four, "--mpi=pmix"));
  EXPECT_TRUE(has(four, "--overcommit"));
  EXPECT_FALSE(has(four, "--partition=debug"));
}

TEST_F(SlurmFixture, InsideAnAllocationRunsAreStepsOfItsOwnCpus) {
  setenv("SLURM_JOB_ID", "42", 1);
  SlurmOptions o;
  o.partition = "debug";
  o.cpu_bind = "cores";
  const MpiImpl& mpich = *find_mpi("mpich");
  Argv argv = launch_command(*slurm_launcher(mpich, 4, o), BackendConfig{}, vars_for(mpich), req(2)).argv;
  EXPECT_TRUE(has(argv, "--exact"));
  EXPECT_TRUE(has(argv, "--cpu-bind=cores"));
  EXPECT_FALSE(has(argv, "--partition=debug"));
}

TEST_F(SlurmFixture, PerRankCommandsGoThroughAMultiProgFileInTheRunFolder) {
  BackendConfig c;
  c.launch_rank = {"valgrind", "--xml-file=${run_dir}/vg-${rank}.xml", "${program}", "${args}"};
  const MpiImpl& mpich = *find_mpi("mpich");
  Argv argv = launch_command(*slurm_launcher(mpich, 2, {}), c, vars_for(mpich), req(2)).argv;
  EXPECT_EQ(Argv(argv.end() - 2, argv.end()), (Argv{"--multi-prog", dir + "/multi-prog.conf"}));
  std::ifstream in(dir + "/multi-prog.conf");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("0 'valgrind' '--xml-file=" + dir + "/vg-0.xml' '/cache/case' '--flag'\n"), std::string::npos);
  EXPECT_NE(text.find("1 'valgrind' '--xml-file=" + dir + "/vg-1.xml' '/cache/case' '--flag'\n"), std::string::npos);
}

TEST_F(SlurmFixture, AValueSrunCannotExportIsAnError) {
  BackendConfig c;
  c.rank_env = {{"TOOL_OPTIONS", "a,b"}};
  const MpiImpl& mpich = *find_mpi("mpich");
  EXPECT_THROW(launch_command(*slurm_launcher(mpich, 2, {}), c, vars_for(mpich), req(2)), std::runtime_error);
}

TEST_F(SlurmFixture, LaunchFailuresOfSlurmAreInfrastructureNotTheCase) {
  auto srun = slurm_launcher(*find_mpi("mpich"), 2, {});
  ExitInfo failed;
  failed.started = true;
  failed.exit_code = 1;
  write_stderr("srun: error: Unable to allocate resources: Invalid partition name specified\n");
  EXPECT_EQ(srun->infrastructure_failure(failed, dir).value_or(""),
            "slurm: srun: error: Unable to allocate resources: Invalid partition name specified");
  write_stderr("rank 0 output\nslurmstepd: error: *** STEP 12.3 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***\n");
  EXPECT_TRUE(srun->infrastructure_failure(failed, dir));
  // The case's own crash and our own timeout are the case's outcomes.
  write_stderr("srun: error: vm: task 0: Segmentation fault\n");
  EXPECT_FALSE(srun->infrastructure_failure(failed, dir));
  ExitInfo killed;
  killed.started = true;
  killed.timed_out = true;
  write_stderr("slurmstepd: error: *** STEP 12.3 ON n1 CANCELLED AT 2024-01-01T00:00:00 ***\n");
  EXPECT_FALSE(srun->infrastructure_failure(killed, dir));
  write_stderr("srun: job 7 queued and waiting for resources\n");
  EXPECT_TRUE(srun->infrastructure_failure(killed, dir));
  EXPECT_TRUE(srun->infrastructure_failure(ExitInfo{}, dir));  // srun missing
  // mpirun has no such failures and nothing to cancel.
  auto local = local_launcher(*find_mpi("mpich"), 2);
  EXPECT_FALSE(local->infrastructure_failure(failed, dir));
  EXPECT_FALSE(local->cancel_command(dir));
  ASSERT_TRUE(srun->cancel_command(dir));
  EXPECT_EQ(srun->cancel_command(dir)->argv.back().rfind("assay-", 0), 0u);
}

TEST(Launcher, MakeLauncherPicksTheKind) {
  EXPECT_EQ(make_launcher(*find_mpi("mpich"), {})->program(), "mpiexec.mpich");
  LauncherOptions o;
  o.kind = launcher_kind_from_name("slurm");
  EXPECT_EQ(make_launcher(*find_mpi("mpich"), o)->program(), "srun");
  EXPECT_THROW(launcher_kind_from_name("pbs"), std::invalid_argument);
  EXPECT_EQ(slurm_mpi_plugin("openmpi"), "pmix");
  EXPECT_EQ(slurm_mpi_plugin("mpich"), "pmi2");
}

TEST(Submit, TheBatchScriptRunsTheRequestThenTheReports) {
  BatchRequest r;
  r.command = {"/b/mpi-assay", "run", "--tag", "smoke", "--journal", "/r/x's/results.jsonl"};
  r.after = {{"/b/mpi-assay", "report", "/r/results.jsonl"}};
  r.work_dir = "/home/u";
  r.output = "/r/slurm-%j.out";
  r.tasks = 8;
  r.slurm.partition = "short";
  r.sbatch_options = {"--qos=debug"};
  std::string s = sbatch_script(r);
  EXPECT_EQ(s.rfind("#!/bin/bash\n", 0), 0u);
  for (const char* line : {"#SBATCH --ntasks=8\n", "#SBATCH --partition=short\n", "#SBATCH --qos=debug\n",
                           "#SBATCH --output=/r/slurm-%j.out\n", "cd '/home/u' || exit 1\n",
                           "'/b/mpi-assay' 'run' '--tag' 'smoke' '--journal' '/r/x'\\''s/results.jsonl' || status=$?\n",
                           "'/b/mpi-assay' 'report' '/r/results.jsonl'\n", "exit $status\n"})
    EXPECT_NE(s.find(line), std::string::npos) << line;
  EXPECT_EQ(s.find("--account"), std::string::npos);
}

}  // namespace
}  // namespace assay
