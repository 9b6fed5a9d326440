#include "backend/backend.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace assay {
namespace {

const Taxonomy& taxonomy() {
  static const Taxonomy tax = Taxonomy::load(std::string(ASSAY_SOURCE_DIR) + "/taxonomy/classes.json");
  return tax;
}

// A scratch folder holding one backend folder.
class BackendDir : public ::testing::Test {
 protected:
  fs::path root = fs::temp_directory_path() / ("assay-backend-test-" + std::to_string(::getpid()));
  void SetUp() override { fs::create_directories(root); }
  void TearDown() override { fs::remove_all(root); }
  std::string write(const std::string& name, const std::string& manifest) {
    fs::create_directories(root / name);
    std::ofstream(root / name / "backend.json") << manifest;
    return (root / name).string();
  }
  std::string error_of(const std::string& dir) {
    try {
      load_backend(dir, taxonomy());
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }
};

TEST(Expand, SubstitutesKnownVariablesAndRejectsUnknownOnes) {
  Vars vars = {{"mpi", "mpich"}, {"build_dir", "/b"}};
  EXPECT_EQ(expand("${build_dir}/lib_${mpi}.so", vars), "/b/lib_mpich.so");
  EXPECT_EQ(expand("plain", vars), "plain");
  EXPECT_THROW(expand("${nope}", vars), std::runtime_error);
  EXPECT_THROW(expand("${mpi", vars), std::runtime_error);
}

TEST_F(BackendDir, LoadsAManifestAndMatchesClassPatterns) {
  auto dir = write("checker", R"({"name": "checker", "description": "d", "supports": ["rma.sync.*", "nb.buffer.overlap"],
    "launch": {"rank_env": {"LD_PRELOAD": "${build_dir}/x.so"}}, "timeout_factor": 2})");
  Backend b = load_backend(dir, taxonomy());
  EXPECT_EQ(b.name, "checker");
  EXPECT_EQ(b.kind, BackendKind::dynamic);
  EXPECT_TRUE(b.supports_class("rma.sync.unmatched"));
  EXPECT_TRUE(b.supports_class("nb.buffer.overlap"));
  EXPECT_FALSE(b.supports_class("rma.remote.conflict"));
  EXPECT_DOUBLE_EQ(b.timeout_factor, 2.0);
  EXPECT_EQ(b.rank_env.at("LD_PRELOAD"), "${build_dir}/x.so");
}

TEST_F(BackendDir, ErrorsNameTheFileAndTheField) {
  auto unknown = write("a", R"({"name": "a", "description": "d", "colour": "red"})");
  EXPECT_NE(error_of(unknown).find("a/backend.json: unknown field 'colour'"), std::string::npos);
  auto wrong_name = write("b", R"({"name": "other", "description": "d"})");
  EXPECT_NE(error_of(wrong_name).find("field 'name'"), std::string::npos);
  auto no_class = write("c", R"({"name": "c", "description": "d", "supports": ["rma.nothing.*"]})");
  EXPECT_NE(error_of(no_class).find("'rma.nothing.*' matches no class"), std::string::npos);
  auto static_without_command = write("d", R"({"name": "d", "description": "d", "kind": "static"})");
  EXPECT_NE(error_of(static_without_command).find("field 'analyze'"), std::string::npos);
  auto not_json = write("e", "{ nope");
  EXPECT_NE(error_of(not_json).find("e/backend.json: not valid JSON"), std::string::npos);
}

TEST_F(BackendDir, MissingRequirementsSayWhatIsMissing) {
  auto dir = write("m", R"({"name": "m", "description": "d", "requires_tools": ["assay-no-such-tool"],
    "requires_files": ["${build_dir}/lib.so"]})");
  Backend b = load_backend(dir, taxonomy());
  EXPECT_EQ(b.missing_requirement({{"build_dir", root.string()}}), "not installed: assay-no-such-tool");
  b.requires_tools.clear();
  EXPECT_EQ(b.missing_requirement({{"build_dir", "/nowhere"}}), "not built or not installed: /nowhere/lib.so");
}

TEST_F(BackendDir, ExpectedResultsMatchByGlobOrTagAndRejectBadLines) {
  auto file = root / "expected-results";
  std::ofstream(file) << "# comment\n"
                         "tag:deadlock   *        TO  hangs natively\n"
                         "rma/*/put-*    mpich    FN  needs target events  # trailing comment\n";
  ExpectedResults r = load_expected_results(file.string());
  ASSERT_EQ(r.entries.size(), 2u);
  Case hang;
  hang.id = "nb/match/cycle-nok";
  hang.tags = {"deadlock"};
  Case put;
  put.id = "rma/fence/put-store-nok";
  ASSERT_NE(r.find(hang, "openmpi"), nullptr);
  EXPECT_EQ(r.find(hang, "openmpi")->outcome, Outcome::TO);
  ASSERT_NE(r.find(put, "mpich"), nullptr);
  EXPECT_EQ(r.find(put, "mpich")->reason, "needs target events");
  EXPECT_EQ(r.find(put, "mpich")->line, 3);
  EXPECT_EQ(r.find(put, "openmpi"), nullptr);

  std::ofstream(file) << "rma/x * TO\n";
  try {
    load_expected_results(file.string());
    FAIL() << "a line without a reason was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("expected-results:1: each known miss needs a one-line reason"),
              std::string::npos);
  }
  std::ofstream(file) << "rma/x * MAYBE why\n";
  EXPECT_THROW(load_expected_results(file.string()), std::runtime_error);
}

TEST(GoodOutcomes, AreTruePositivesTrueNegativesAndNotSupported) {
  for (Outcome o : kAllOutcomes)
    EXPECT_EQ(is_good_outcome(o), o == Outcome::TP || o == Outcome::TN || o == Outcome::NS) << outcome_name(o);
}

}  // namespace
}  // namespace assay
