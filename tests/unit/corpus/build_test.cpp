#include "build/build.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "temp_dir.hpp"

namespace assay {
namespace {

// The compile command names the case and its compiled SOURCES; headers are left out.
TEST(BuildCache, CompilesTheCaseWithItsSources) {
  Case c;
  c.path = "/cases/proxy/k-ok.cpp";
  c.name = "k-ok";
  c.content_hash = "0123456789abcdef";
  c.sources = {"/src/a.cpp", "/src/a.hpp", "/src/b.c"};
  BuildSpec spec{&c, find_mpi("mpich"), "4.0", {}, {}, {}};
  test_support::TempDir dir;
  BuildCache cache(dir.path().string());
  Command cmd = cache.compile_command(spec, "/dev/null");
  ASSERT_FALSE(cmd.argv.empty());
  EXPECT_EQ(cmd.argv[0], find_mpi("mpich")->cxx);
  auto at = std::find(cmd.argv.begin(), cmd.argv.end(), c.path);
  ASSERT_NE(at, cmd.argv.end());
  EXPECT_EQ(std::vector<std::string>(at, at + 4),
            (std::vector<std::string>{c.path, "/src/a.cpp", "/src/b.c", "-o"}));
  EXPECT_EQ(std::count(cmd.argv.begin(), cmd.argv.end(), "/src/a.hpp"), 0);
}

}  // namespace
}  // namespace assay
