#include "build/build.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "temp_dir.hpp"

namespace assay {
namespace {

Case proxy_case() {
  Case c;
  c.path = "/cases/proxy/k-ok.cpp";
  c.name = "k-ok";
  c.content_hash = "0123456789abcdef";
  c.sources = {"/src/a.cpp", "/src/a.hpp", "/src/b.c"};
  return c;
}

Vars vars() {
  Vars v;
  v.set("mpi", "mpich").set("backend_dir", "/b").set("source_dir", "/s").set("build_dir", "/build");
  return v;
}

// The default compile command names the case and its compiled SOURCES; headers are left out.
TEST(BuildCache, CompilesTheCaseWithItsSources) {
  Case c = proxy_case();
  BuildSpec spec = make_build_spec(c, *find_mpi("mpich"), "4.0", BackendConfig{}, vars(), "");
  test_support::TempDir dir;
  BuildCache cache(dir.path().string());
  Command cmd = cache.compile_command(spec, "/dev/null");
  ASSERT_FALSE(cmd.argv.empty());
  EXPECT_EQ(cmd.argv[0], find_mpi("mpich")->cxx);
  auto at = std::find(cmd.argv.begin(), cmd.argv.end(), c.path);
  ASSERT_NE(at, cmd.argv.end());
  EXPECT_EQ(std::vector<std::string>(at, at + 4),
            (std::vector<std::string>{c.path, "/src/a.cpp", "/src/b.c", "-o"}));
  EXPECT_EQ(*(at + 4), cache.binary_path(spec) + ".tmp." + std::to_string(getpid()));
  EXPECT_EQ(std::count(cmd.argv.begin(), cmd.argv.end(), "/src/a.hpp"), 0);
  EXPECT_NE(std::find(cmd.argv.begin(), cmd.argv.end(), "-std=c++20"), cmd.argv.end());
}

// A backend's compile template and environment are the build; its build inputs are in the key.
TEST(BuildCache, KeyFollowsTheCompileTemplateEnvironmentAndBuildInputs) {
  Case c = proxy_case();
  const MpiImpl& mpich = *find_mpi("mpich");
  BackendConfig plain;
  BackendConfig clang;
  clang.compile = {"${mpicc}", "-fpass-plugin=${build_dir}/p.so", "${base_cflags}", "${sources}", "-o", "${exe}"};
  clang.build_env = {{"MPICH_CC", "clang-14"}};
  BuildSpec a = make_build_spec(c, mpich, "4.0", plain, vars(), "");
  BuildSpec b = make_build_spec(c, mpich, "4.0", clang, vars(), "");
  EXPECT_NE(a.key(), b.key());
  EXPECT_EQ(b.argv[1], "-fpass-plugin=/build/p.so");
  EXPECT_EQ(b.env.at("MPICH_CC"), "clang-14");
  EXPECT_EQ(make_build_spec(c, mpich, "4.0", plain, vars(), "").key(), a.key());
  EXPECT_NE(make_build_spec(c, mpich, "4.0", plain, vars(), "1111").key(), a.key());
  EXPECT_NE(make_build_spec(c, mpich, "4.1", plain, vars(), "").key(), a.key());
}

}  // namespace
}  // namespace assay
