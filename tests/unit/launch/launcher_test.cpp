#include "launch/launcher.hpp"

#include <algorithm>

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
