#include "backend/backend.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "backend/schema.hpp"

namespace fs = std::filesystem;

namespace assay {
namespace {

const Taxonomy& taxonomy() {
  static const Taxonomy tax = Taxonomy::load(std::string(ASSAY_SOURCE_DIR) + "/taxonomy/classes.json");
  return tax;
}

std::string schema() { return manifest_schema_path(ASSAY_SOURCE_DIR); }

// A scratch folder holding backend folders.
class BackendDir : public ::testing::Test {
 protected:
  fs::path root = fs::temp_directory_path() / ("assay-backend-test-" + std::to_string(::getpid()));
  void SetUp() override { fs::create_directories(root); }
  void TearDown() override { fs::remove_all(root); }
  std::string write(const std::string& name, const std::string& manifest, const fs::path& in = {}) {
    fs::path dir = (in.empty() ? root : in) / name;
    fs::create_directories(dir);
    std::ofstream(dir / "backend.json") << manifest;
    return dir.string();
  }
  std::string error_of(const std::string& dir) {
    try {
      load_backend(dir, taxonomy(), schema());
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }
  // A valid manifest for folder `name` with extra top-level fields.
  static std::string manifest(const std::string& name, const std::string& extra = "") {
    return R"({"manifest": 2, "name": ")" + name + R"(", "description": "d", "kind": "dynamic", "supports": [])" +
           (extra.empty() ? "" : ", " + extra) + "}";
  }
};

TEST(Vars, ExpandScalarsListsAndTheEnvironment) {
  Vars vars;
  vars.set("mpi", "mpich").set("build_dir", "/b").set_list("args", {"-x", "y z"});
  EXPECT_EQ(vars.expand("${build_dir}/lib_${mpi}.so"), "/b/lib_mpich.so");
  EXPECT_EQ(vars.expand("plain"), "plain");
  EXPECT_THROW(vars.expand("${nope}"), std::runtime_error);
  EXPECT_THROW(vars.expand("${mpi"), std::runtime_error);
  EXPECT_EQ(vars.expand_argv({"run", "${args}", "--mpi=${mpi}"}),
            (std::vector<std::string>{"run", "-x", "y z", "--mpi=mpich"}));
  EXPECT_THROW(vars.expand("--args=${args}"), std::runtime_error);  // a list inside a string
  ::setenv("ASSAY_TEST_TOOL_HOME", "/opt/tool", 1);
  EXPECT_EQ(vars.expand("${env:ASSAY_TEST_TOOL_HOME}/bin/run"), "/opt/tool/bin/run");
  ::unsetenv("ASSAY_TEST_TOOL_HOME");
  EXPECT_THROW(vars.expand("${env:ASSAY_TEST_TOOL_HOME}"), MissingEnvironment);
}

TEST_F(BackendDir, LoadsAManifestWithDefaultsAndPerMpiOverrides) {
  auto dir = write("checker", R"({"manifest": 2, "name": "checker", "description": "d", "kind": "dynamic",
    "supports": ["rma.sync.*", "nb.buffer.overlap"],
    "launch": {"rank_env": {"LD_PRELOAD": "${build_dir}/x_${mpi}.so"}}, "timeout_factor": 2,
    "mpi": {"mpich": {"launch": {"rank_env": {"HWLOC_COMPONENTS": "-x86"}}}}})");
  Backend b = load_backend(dir, taxonomy(), schema());
  EXPECT_EQ(b.name, "checker");
  EXPECT_EQ(b.kind, BackendKind::dynamic);
  EXPECT_TRUE(b.supports_class("rma.sync.unmatched"));
  EXPECT_TRUE(b.supports_class("nb.buffer.overlap"));
  EXPECT_FALSE(b.supports_class("rma.remote.conflict"));
  EXPECT_DOUBLE_EQ(b.timeout_factor, 2.0);
  EXPECT_EQ(b.manifest_hash.size(), 16u);
  const BackendConfig& ompi = b.config("openmpi");
  const BackendConfig& mpich = b.config("mpich");
  EXPECT_EQ(ompi.rank_env.size(), 1u);
  EXPECT_EQ(mpich.rank_env.at("LD_PRELOAD"), "${build_dir}/x_${mpi}.so");  // merged, not replaced
  EXPECT_EQ(mpich.rank_env.at("HWLOC_COMPONENTS"), "-x86");
  EXPECT_EQ(ompi.launch_rank, (std::vector<std::string>{"${program}", "${args}"}));
  EXPECT_EQ(ompi.launch_command, (std::vector<std::string>{"${launch}"}));
  EXPECT_EQ(ompi.parse_builtin, "jsonl");
  EXPECT_FALSE(ompi.custom_build);
}

TEST_F(BackendDir, EveryProblemNamesTheFileAndTheKey) {
  auto expect_error = [&](const std::string& name, const std::string& text, const std::string& needle) {
    std::string error = error_of(write(name, text));
    EXPECT_NE(error.find(name + "/backend.json: "), std::string::npos) << error;
    EXPECT_NE(error.find(needle), std::string::npos) << "wanted '" << needle << "' in: " << error;
  };
  expect_error("a", manifest("a", R"("colour": "red")"), "colour: unknown key");
  expect_error("b", manifest("other"), "name: must equal the folder name 'b'");
  expect_error("c", R"({"manifest": 2, "name": "c", "description": "d", "kind": "dynamic", "supports": ["rma.nothing.*"]})",
               "'rma.nothing.*' matches no class");
  expect_error("d", R"({"manifest": 2, "name": "d", "description": "d", "kind": "static", "supports": []})",
               "analyze: a static backend needs the command");
  expect_error("e", "{ nope", "not valid JSON");
  expect_error("f", manifest("f", R"("parse": {"builtin": "xml-nope"})"), R"(parse.builtin: "xml-nope" is not one of "jsonl")");
  expect_error("g", manifest("g", R"("launch": {"rank_env": {"LD_PRELOAD": 3}})"), "launch.rank_env.LD_PRELOAD: must be a string");
  expect_error("h", manifest("h", R"("timeout_factor": 0)"), "timeout_factor: must be greater than 0");
  expect_error("i", R"({"manifest": 2, "name": "i", "kind": "dynamic", "supports": []})", "missing required key 'description'");
  expect_error("j", manifest("j", R"("launch": {"rank": ["valgrind", "${programme}"]})"), "launch.rank: unknown variable ${programme}");
  expect_error("k", manifest("k", R"("launch": {"rank": ["strace", "--out=${args}", "${program}"]})"),
               "${args} is a list");
  expect_error("l", manifest("l", R"("parse": {"builtin": "jsonl", "command": ["x"]})"), "parse: takes at most 1 of");
  expect_error("m", manifest("m", R"("mpi": {"intelmpi": {}})"), "mpi.intelmpi: unknown key");
  expect_error("n", R"({"manifest": 2, "name": "n", "description": "d", "kind": "external", "supports": []})",
               "version: an external tool must say how to read its version");
  expect_error("o", R"({"name": "o", "description": "d", "supports": []})", "a version-1 manifest?");
  expect_error("p", manifest("p", R"("build": {"compile": ["gcc", "${source}"]})"), "build.compile: must write the program to ${exe}");
  expect_error("r", manifest("r", R"("launch": {"rank_env": {"OUT": "${run_dir}/x-${rank}"}})"),
               "launch.rank_env.OUT: unknown variable ${rank}");
  expect_error("s", R"({"manifest": 2, "name": "s", "description": "d", "kind": "static", "supports": [],
    "analyze": ["tool", "${exe}"]})", "analyze: ${exe} needs build.compile");
  EXPECT_EQ(error_of(write("t", manifest("t", R"("launch": {"rank_env": {"OUT": "${run_dir}/x-${np}"}})"))), "");
  expect_error("q", manifest("q", R"("mpi": {"mpich": {"launch": {"rank": ["${nope}", "${program}"]}}})"),
               "launch.rank: unknown variable ${nope} (allowed here:");
}

TEST_F(BackendDir, MissingRequirementsSayWhatIsMissing) {
  auto dir = write("m", manifest("m", R"("requires": {"programs": ["assay-no-such-tool"], "files": ["${build_dir}/lib.so"]})"));
  Backend b = load_backend(dir, taxonomy(), schema());
  Vars vars = backend_vars(b, *find_mpi("mpich"), "/src", root.string());
  EXPECT_EQ(b.missing_requirement("mpich", vars), "not installed: assay-no-such-tool");
  b.configs["mpich"].requires_programs.clear();
  EXPECT_NE(b.missing_requirement("mpich", vars).find("not installed: " + root.string() + "/lib.so"), std::string::npos);
  std::ofstream(root / "lib.so") << "x";
  EXPECT_EQ(b.missing_requirement("mpich", vars), "");

  ::unsetenv("ASSAY_TEST_MUST_RUN");
  auto external = write("x", R"({"manifest": 2, "name": "x", "description": "d", "kind": "external", "supports": [],
    "version": {"command": ["${env:ASSAY_TEST_MUST_RUN}", "--version"]},
    "launch": {"command": ["${env:ASSAY_TEST_MUST_RUN}", "-np", "${np}", "${program}", "${args}"]}})");
  Backend x = load_backend(external, taxonomy(), schema());
  EXPECT_EQ(x.missing_requirement("openmpi", vars), "not installed: environment variable ASSAY_TEST_MUST_RUN is not set");
  ::setenv("ASSAY_TEST_MUST_RUN", "/nowhere/mustrun", 1);
  EXPECT_EQ(x.missing_requirement("openmpi", vars), "not installed: /nowhere/mustrun (the program launch.command starts)");
  EXPECT_EQ(x.resolve_version(vars, "0.1.0").rfind("unknown (", 0), 0u);
  ::unsetenv("ASSAY_TEST_MUST_RUN");
}

TEST_F(BackendDir, ABuildOlderThanItsSourcesIsOutOfDate) {
  auto dir = write("y", manifest("y", R"("build": {"inputs": ["src/*.cpp"]}, "requires": {"files": ["${build_dir}/y.so"]})"));
  fs::create_directories(fs::path(dir) / "src");
  const fs::path source = fs::path(dir) / "src" / "runtime.cpp", built = root / "y.so";
  std::ofstream(source) << "int a;";
  std::ofstream(built) << "x";
  Backend b = load_backend(dir, taxonomy(), schema());
  Vars vars = backend_vars(b, *find_mpi("mpich"), "/src", root.string());
  const auto now = fs::file_time_type::clock::now();
  fs::last_write_time(source, now - std::chrono::minutes(2));
  fs::last_write_time(built, now - std::chrono::minutes(1));
  EXPECT_EQ(b.missing_requirement("mpich", vars), "");
  fs::last_write_time(source, now);  // edited, not rebuilt
  EXPECT_EQ(b.missing_requirement("mpich", vars),
            "out of date: " + source.string() + " changed after the backend was built in " + root.string() +
                " (rebuild: cmake --build " + root.string() + ")");
}

TEST_F(BackendDir, VersionsComeFromACommandAFixedTextOrTheRunner) {
  Vars vars;
  Backend in_tree = load_backend(write("t", manifest("t")), taxonomy(), schema());
  EXPECT_EQ(in_tree.resolve_version(vars, "0.1.0+abc"), "0.1.0+abc");
  Backend fixed = load_backend(write("u", manifest("u", R"("version": {"text": "tool 2.1"})")), taxonomy(), schema());
  EXPECT_EQ(fixed.resolve_version(vars, "0.1.0+abc"), "tool 2.1");
  Backend command = load_backend(write("v", manifest("v", R"("version": {"command": ["printf", "\nv9.3\nmore"]})")),
                                 taxonomy(), schema());
  EXPECT_EQ(command.resolve_version(vars, "0.1.0+abc"), "v9.3");
}

TEST_F(BackendDir, BuildInputsHashChangesWithTheirContents) {
  auto dir = write("w", manifest("w", R"("build": {"inputs": ["src/*.cpp"], "env": {"OMPI_CC": "clang-14"}})"));
  fs::create_directories(fs::path(dir) / "src");
  std::ofstream(fs::path(dir) / "src" / "pass.cpp") << "int a;";
  Backend b = load_backend(dir, taxonomy(), schema());
  EXPECT_TRUE(b.config("openmpi").custom_build);
  Vars vars = backend_vars(b, *find_mpi("openmpi"), "/src", "/build");
  std::string before = b.build_inputs_hash("openmpi", vars);
  EXPECT_EQ(before.size(), 16u);
  EXPECT_EQ(b.build_inputs_hash("openmpi", vars), before);
  std::ofstream(fs::path(dir) / "src" / "pass.cpp") << "int b;";
  EXPECT_NE(b.build_inputs_hash("openmpi", vars), before);
  fs::remove(fs::path(dir) / "src" / "pass.cpp");
  EXPECT_NE(b.missing_requirement("openmpi", vars).find("build input"), std::string::npos);
}

TEST_F(BackendDir, InstallationHashFollowsTheBuiltCheckerAndANamedVersionOnly) {
  auto dir = write("z", manifest("z", R"("requires": {"files": ["${build_dir}/z_${mpi}.so"]})"));
  const fs::path so = root / "z_mpich.so";
  std::ofstream(so) << "checker 1";
  Backend b = load_backend(dir, taxonomy(), schema());
  Vars vars = backend_vars(b, *find_mpi("mpich"), "/src", root.string());
  const std::string before = b.installation_hash("mpich", vars, "0.1.0+abc");
  EXPECT_EQ(before.size(), 16u);
  // In-tree: the runner's version (it changes with every commit) does not count,
  // a rebuilt library with the same bytes neither; different bytes do.
  EXPECT_EQ(b.installation_hash("mpich", vars, "0.1.0+def"), before);
  std::ofstream(so) << "checker 1";
  EXPECT_EQ(b.installation_hash("mpich", vars, "0.1.0+abc"), before);
  std::ofstream(so) << "checker 2";
  EXPECT_NE(b.installation_hash("mpich", vars, "0.1.0+abc"), before);
  // A tool that names its version: an upgrade changes the hash.
  Backend tool = load_backend(write("x", manifest("x", R"("version": {"text": "tool 2.1"})")), taxonomy(), schema());
  Vars tool_vars = backend_vars(tool, *find_mpi("mpich"), "/src", root.string());
  EXPECT_NE(tool.installation_hash("mpich", tool_vars, "tool 2.1"), tool.installation_hash("mpich", tool_vars, "tool 2.2"));
}

TEST_F(BackendDir, ExtraFoldersAddBackendsAndANameClashNamesBothFolders) {
  fs::path mine = root / "mine", theirs = root / "theirs";
  write("alpha", manifest("alpha"), mine);
  write("beta", manifest("beta"), theirs);
  ::setenv("ASSAY_BACKENDS_PATH", theirs.c_str(), 1);
  auto roots = backend_roots(mine.string(), {mine.string()});  // the same folder twice is one
  ::unsetenv("ASSAY_BACKENDS_PATH");
  ASSERT_EQ(roots.size(), 2u);
  auto found = discover_backends(roots, taxonomy(), schema());
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].name, "alpha");
  EXPECT_EQ(found[1].name, "beta");
  write("alpha", manifest("alpha"), theirs);
  try {
    discover_backends(roots, taxonomy(), schema());
    FAIL() << "a name clash was accepted";
  } catch (const std::runtime_error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("'alpha' is defined twice"), std::string::npos);
    EXPECT_NE(what.find((mine / "alpha").string()), std::string::npos);
    EXPECT_NE(what.find((theirs / "alpha").string()), std::string::npos);
  }
}

TEST(ManifestSchema, BuiltinParsersAreExactlyTheSchemasEnum) {
  std::ifstream in(schema());
  auto j = nlohmann::json::parse(in);
  auto listed = j["$defs"]["parse"]["properties"]["builtin"]["enum"].get<std::vector<std::string>>();
  EXPECT_EQ(listed, builtin_parsers());
}

TEST(ManifestSchema, EveryInTreeManifestIsValid) {
  for (const auto& e : fs::directory_iterator(std::string(ASSAY_SOURCE_DIR) + "/backends"))
    if (fs::exists(e.path() / "backend.json")) {
      EXPECT_NO_THROW(load_backend(e.path().string(), taxonomy(), schema())) << e.path();
    }
}

TEST(JsonSchemaValidator, RejectsKeywordsItCannotCheck) {
  EXPECT_THROW(JsonSchema(nlohmann::json::parse(R"({"type": "object", "oneOf": []})"), "s.json"), std::runtime_error);
  EXPECT_THROW(JsonSchema(nlohmann::json::parse(R"({"$ref": "#/$defs/missing"})"), "s.json"), std::runtime_error);
  JsonSchema s(nlohmann::json::parse(R"({"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2})"), "s.json");
  EXPECT_TRUE(s.validate(nlohmann::json::parse("[1, 2]")).empty());
  EXPECT_EQ(s.validate(nlohmann::json::parse("[0]")),
            (std::vector<std::string>{"(top level): needs at least 2 item(s)", "[0]: must be at least 1"}));
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
  EXPECT_EQ(r.find(hang, "openmpi")->outcomes, std::vector<Outcome>{Outcome::TO});
  ASSERT_NE(r.find(put, "mpich"), nullptr);
  EXPECT_EQ(r.find(put, "mpich")->reason, "needs target events");
  EXPECT_EQ(r.find(put, "mpich")->line, 3);
  EXPECT_EQ(r.find(put, "openmpi"), nullptr);
  // A tag with an MPI's name behind it holds on that MPI only.
  Case hang_on_mpich;
  hang_on_mpich.id = "coll/order/scan-rank0-only-nok";
  hang_on_mpich.tags = {"deadlock-mpich"};
  ASSERT_NE(r.find(hang_on_mpich, "mpich"), nullptr);
  EXPECT_EQ(r.find(hang_on_mpich, "mpich")->outcomes, std::vector<Outcome>{Outcome::TO});
  EXPECT_EQ(r.find(hang_on_mpich, "openmpi"), nullptr);

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
  std::ofstream(file) << "rma/x * WC|MAYBE why\n";
  EXPECT_THROW(load_expected_results(file.string()), std::runtime_error);

  // Several outcomes where the MPI decides which (a message its runtime may drop).
  std::ofstream(file) << "rma/* openmpi WC|RE the message is sometimes lost\n";
  r = load_expected_results(file.string());
  const ExpectedEntry* either = r.find(put, "openmpi");
  ASSERT_NE(either, nullptr);
  EXPECT_TRUE(either->lists(Outcome::WC));
  EXPECT_TRUE(either->lists(Outcome::RE));
  EXPECT_FALSE(either->lists(Outcome::TP));
  EXPECT_EQ(either->outcome_names(), "WC|RE");
  EXPECT_TRUE(unexpected_outcome(r, put, "b", "openmpi", Outcome::RE, "x").empty());
  EXPECT_NE(unexpected_outcome(r, put, "b", "openmpi", Outcome::FN, "x").find("expects WC|RE"), std::string::npos);
}

// A variant of a backend includes the known misses of the one it varies; its
// own lines before the include are its exceptions.
TEST_F(BackendDir, ExpectedResultsIncludeAnotherFileInPlace) {
  fs::create_directories(root / "base");
  fs::create_directories(root / "variant");
  std::ofstream(root / "base" / "expected-results") << "# base\n"
                                                       "tag:deadlock  *  TO  no deadlock detection\n"
                                                       "mem/x-nok     *  WC  a second finding\n";
  const fs::path variant = root / "variant" / "expected-results";
  std::ofstream(variant) << "mem/x-nok  *  NS  the variant does not see it\n"
                            "include ../base/expected-results\n";
  const ExpectedResults r = load_expected_results(variant.string());
  ASSERT_EQ(r.entries.size(), 3u);
  Case x, hang;
  x.id = "mem/x-nok";
  hang.id = "nb/match/cycle-nok";
  hang.tags = {"deadlock"};
  ASSERT_NE(r.find(x, "mpich"), nullptr);
  EXPECT_EQ(r.find(x, "mpich")->outcomes, std::vector<Outcome>{Outcome::NS});  // the variant's line comes first
  const ExpectedEntry* e = r.find(hang, "openmpi");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->outcomes, std::vector<Outcome>{Outcome::TO});
  EXPECT_EQ(e->file, (root / "base" / "expected-results").string());  // messages name the line where it is
  EXPECT_EQ(e->line, 2);
  EXPECT_NE(unexpected_outcome(r, hang, "v", "mpich", Outcome::FN, "l").find("base/expected-results:2 expects TO"),
            std::string::npos);

  auto error_of = [&] {
    try {
      load_expected_results(variant.string());
    } catch (const std::runtime_error& err) {
      return std::string(err.what());
    }
    return std::string("no error");
  };
  std::ofstream(variant) << "include ../none/expected-results\n";
  EXPECT_NE(error_of().find("none/expected-results: cannot open (included from " + variant.string() + ":1)"),
            std::string::npos)
      << error_of();
  std::ofstream(root / "base" / "expected-results") << "include ../variant/expected-results\n";
  std::ofstream(variant) << "include ../base/expected-results\n";
  EXPECT_NE(error_of().find("includes itself"), std::string::npos) << error_of();
  std::ofstream(variant) << "include\n";
  EXPECT_NE(error_of().find(":1: expected 'include <file>'"), std::string::npos) << error_of();
}

// The rule `run --check` and `report --check` share.
TEST_F(BackendDir, CheckAcceptsGoodOutcomesAndExactKnownMissesOnly) {
  auto file = root / "expected-results";
  std::ofstream(file) << "tag:deadlock   *        TO  hangs natively\n"
                         "rma/*/put-*    mpich    FN  needs target events\n";
  const ExpectedResults r = load_expected_results(file.string());
  Case hang, put, other;
  hang.id = "nb/match/cycle-nok";
  hang.tags = {"deadlock"};
  put.id = "rma/fence/put-store-nok";
  other.id = "nb/request/wait-ok";
  auto check = [&](const Case& c, const std::string& mpi, Outcome o) {
    return unexpected_outcome(r, c, "pmpi", mpi, o, "pmpi " + mpi + " " + c.id);
  };
  EXPECT_EQ(check(other, "openmpi", Outcome::TN), "");                    // good, no line
  EXPECT_EQ(check(put, "mpich", Outcome::FN), "");                        // the line's outcome
  EXPECT_EQ(check(hang, "mpich", Outcome::TO), "");
  EXPECT_EQ(check(hang, "openmpi", Outcome::TP), "");                     // better than a tag line
  EXPECT_EQ(check(other, "openmpi", Outcome::FP),
            "pmpi openmpi nb/request/wait-ok: FP is not a known miss of backend pmpi (add it to its "
            "expected-results with a reason, or fix it)");
  EXPECT_NE(check(put, "openmpi", Outcome::FN).find("FN is not a known miss"), std::string::npos);  // mpich only
  const std::string stale = check(put, "mpich", Outcome::TP);             // a case line is exact
  EXPECT_NE(stale.find(": TP, but "), std::string::npos) << stale;
  EXPECT_NE(stale.find("expected-results:2 expects FN (needs target events)"), std::string::npos) << stale;
  EXPECT_NE(check(hang, "mpich", Outcome::RE).find("expects TO"), std::string::npos);
}

TEST(GoodOutcomes, AreTruePositivesTrueNegativesAndNotSupported) {
  for (Outcome o : kAllOutcomes)
    EXPECT_EQ(is_good_outcome(o), o == Outcome::TP || o == Outcome::TN || o == Outcome::NS) << outcome_name(o);
}

}  // namespace
}  // namespace assay

namespace assay {
namespace {

// The manifest example of docs/backends.md is a valid manifest.
TEST_F(BackendDir, TheDocumentedExampleIsAValidManifest) {
  std::ifstream in(std::string(ASSAY_SOURCE_DIR) + "/docs/backends.md");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto open = text.find("```json\n");
  ASSERT_NE(open, std::string::npos);
  auto close = text.find("\n```", open);
  std::string example = text.substr(open + 8, close - open - 8);
  auto j = nlohmann::json::parse(example);
  Backend b = load_backend(write(j["name"].get<std::string>(), example), taxonomy(), schema());
  EXPECT_EQ(b.config("mpich").rank_env.at("HWLOC_COMPONENTS"), "-x86");
  EXPECT_EQ(b.config("openmpi").rank_env.count("HWLOC_COMPONENTS"), 0u);
}

}  // namespace
}  // namespace assay
