#include "corpus/case.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "temp_dir.hpp"

namespace assay {
namespace {

using Strings = std::vector<std::string>;
namespace fs = std::filesystem;

constexpr const char* kTaxonomy = R"({"families": {"rma": "", "nb": ""}, "classes": [
  {"id": "rma.local.origin-write-during-put", "severity": "error"},
  {"id": "rma.remote.conflict", "severity": "error"},
  {"id": "nb.request.missing-completion", "severity": "error"}]})";

// A valid erroneous case; its markers sit on lines 9 and 10.
constexpr const char* kPutStore =
    R"(// DESCRIPTION: Rank 0 stores to the origin buffer of a pending MPI_Put.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/fence/x-ok
#include <mpi.h>
int main(void) {
  int value = 1;
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @put
  value = 42;  // @store
}
)";

class CaseParse : public ::testing::Test {
 protected:
  // Writes `content` as cases/<relative> and parses it.
  Case parse(const std::string& content, const std::string& relative = "rma/fence/x-nok.c") {
    file_ = dir_.write("cases/" + relative, content);
    return parse_case((dir_.path() / "cases").string(), file_, tax_, problems_);
  }

  // The problems as strings, the case's path shortened to "F".
  Strings messages() const {
    Strings out;
    for (const auto& p : problems_) {
      std::string s = p.str();
      if (s.starts_with(file_)) s.replace(0, file_.size(), "F");
      out.push_back(s);
    }
    return out;
  }

  test_support::TempDir dir_;
  Taxonomy tax_ = Taxonomy::from_json_text(kTaxonomy, "tax.json");
  std::vector<Problem> problems_;
  std::string file_;
};

TEST_F(CaseParse, ReadsAValidCase) {
  const Case c = parse(kPutStore);
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.id, "rma/fence/x-nok");
  EXPECT_EQ(c.family, "rma");
  EXPECT_EQ(c.group, "fence");
  EXPECT_EQ(c.name, "x-nok");
  EXPECT_EQ(c.path, file_);
  EXPECT_EQ(c.description, "Rank 0 stores to the origin buffer of a pending MPI_Put.");
  EXPECT_FALSE(c.correct());
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.errors[0].error_class, "rma.local.origin-write-during-put");
  EXPECT_EQ(c.errors[0].at, (Strings{"put", "store"}));
  EXPECT_EQ(c.errors[0].at_lines, (std::vector<int>{9, 10}));
  EXPECT_EQ(c.markers, (std::map<std::string, int>{{"put", 9}, {"store", 10}}));
  EXPECT_EQ(c.twins, Strings{"rma/fence/x-ok"});
  EXPECT_EQ(c.key_lines.at("EXPECT"), 3);
  EXPECT_EQ(c.key_lines.at("TWIN"), 5);
  EXPECT_EQ(c.content_hash, fnv1a_hex(kPutStore));
}

TEST_F(CaseParse, ReadsEveryOptionalKey) {
  const Case c = parse(R"(// GENERATED: cases/gen/rma-matrix.cpp
// DESCRIPTION: All keys.
//
// EXPECT: ok
// NPROCS: 64
// RUNS: 1000
// TIMEOUT: 3600
// REQUIRES: mpi-3 mpi-4 thread-multiple openmp shared-memory-window dynamic-window
// UNSUPPORTED: openmpi mpich
// ARGS: --size 3  -v
// TAGS: smoke deadlock
// ORIGIN: RMARaceBench
// NOTE: MPI-4.0 section 12.7,
// NOTE: second line.
// TWIN: rma/fence/x-nok
int main(void) { return 0; }
)",
                       "rma/fence/all-ok.c");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_TRUE(c.correct());
  EXPECT_TRUE(c.generated);
  EXPECT_EQ(c.generator, "cases/gen/rma-matrix.cpp");
  EXPECT_EQ(c.nprocs, 64);
  EXPECT_EQ(c.runs, 1000);
  EXPECT_EQ(c.timeout_s, 3600);
  EXPECT_EQ(c.requires_features, (Strings{"mpi-3", "mpi-4", "thread-multiple", "openmp",
                                          "shared-memory-window", "dynamic-window"}));
  EXPECT_EQ(c.unsupported_mpis, (Strings{"openmpi", "mpich"}));
  EXPECT_EQ(c.args, (Strings{"--size", "3", "-v"}));
  EXPECT_EQ(c.tags, (Strings{"smoke", "deadlock"}));
  EXPECT_TRUE(c.has_tag("smoke"));
  EXPECT_FALSE(c.has_tag("crash"));
  EXPECT_EQ(c.origin, "RMARaceBench");
  EXPECT_EQ(c.note, "MPI-4.0 section 12.7, second line.");
  EXPECT_EQ(c.twins, Strings{"rma/fence/x-nok"});
}

TEST_F(CaseParse, AppliesDefaults) {
  const Case c =
      parse("// DESCRIPTION: d\n// EXPECT: ok\nint main(void) { return 0; }\n", "rma/fence/d-ok.c");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.nprocs, 2);
  EXPECT_EQ(c.runs, 1);
  EXPECT_EQ(c.timeout_s, 0);
  EXPECT_FALSE(c.generated);
  EXPECT_TRUE(c.twins.empty());
}

TEST_F(CaseParse, SplitsDeeperIds) {
  const Case c = parse("// DESCRIPTION: d\n// EXPECT: ok\n", "nb/request/leak/isend-ok.cpp");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.id, "nb/request/leak/isend-ok");
  EXPECT_EQ(c.family, "nb");
  EXPECT_EQ(c.group, "request");
  EXPECT_EQ(c.name, "isend-ok");
}

// Under the corpus rules (the folder holds .assay-corpus, as cases/ does) an id
// is at least family/group/name.
TEST_F(CaseParse, RejectsIdsShallowerThanFamilyGroupNameUnderTheCorpusRules) {
  dir_.write(std::string("cases/") + kCorpusMarker, "");
  const Case c = parse("// DESCRIPTION: d\n// EXPECT: ok\n", "rma/x-ok.c");
  EXPECT_TRUE(c.corpus_rules);
  const std::string root = (dir_.path() / "cases").string();
  EXPECT_EQ(messages(), Strings{"F: case id 'rma/x-ok' must be at least family/group/name (the corpus rules of " +
                                root + "/.assay-corpus)"});
}

// A user's folder (a foreign suite) takes any depth: a missing level is named
// after the one above it.
TEST_F(CaseParse, UserFoldersAcceptAnyDepth) {
  Case flat = parse("// DESCRIPTION: d\n// EXPECT: ok\n", "x-ok.c");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_FALSE(flat.corpus_rules);
  EXPECT_EQ(flat.id, "x-ok");
  EXPECT_EQ(flat.family, "cases");  // the folder's name
  EXPECT_EQ(flat.group, "cases");
  EXPECT_EQ(flat.name, "x-ok");
  Case two = parse("// DESCRIPTION: d\n// EXPECT: ok\n", "p2p/send.c");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(two.id, "p2p/send");
  EXPECT_EQ(two.family, "p2p");
  EXPECT_EQ(two.group, "p2p");
}

// Imported files open with their own comment block; the header may follow it.
TEST_F(CaseParse, TheHeaderMayFollowALeadingCommentBlock) {
  const Case c = parse(R"(/* Copyright (c) 2021 Someone.
 * Licensed under the Apache License.
 */

// Origin: the MPI Bugs Initiative, file x.c
//
// DESCRIPTION: d
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put
#include <mpi.h>
int main() { MPI_Put(0, 0, 0, 0, 0, 0, 0, 0); }  // @put
)");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.description, "d");
  EXPECT_EQ(c.key_lines.at("DESCRIPTION"), 7);
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.errors[0].at_lines, std::vector<int>{11});
  // Code before any header: the keys are missing, as before.
  parse("#include <mpi.h>\n// DESCRIPTION: d\n// EXPECT: ok\n");
  EXPECT_EQ(messages(), (Strings{"F:1: DESCRIPTION missing", "F:1: EXPECT missing"}));
}

TEST_F(CaseParse, HeaderEndsAtTheFirstLineThatIsNotAComment) {
  parse("// DESCRIPTION: d\n#include <mpi.h>\n// EXPECT: ok\n// NOT-A-KEY: ignored\n");
  EXPECT_EQ(messages(), Strings{"F:1: EXPECT missing"});
}

TEST_F(CaseParse, ReportsMissingRequiredKeysAtLineOne) {
  parse("int main(void) { return 0; }\n");
  EXPECT_EQ(messages(), (Strings{"F:1: DESCRIPTION missing", "F:1: EXPECT missing"}));
}

TEST_F(CaseParse, ReportsEveryHeaderProblemOfAFileAtOnce) {
  parse(R"(// DESCRIPTION: d
// EXPECT: ok
// FOO: bar
// just prose
// ARGS:
// DESCRIPTION: again
// expect: ok
// NPROCS: 2
// NPROCS: 3
)");
  EXPECT_EQ(messages(), (Strings{
                            "F:3: unknown key 'FOO'",
                            "F:4: header line is not `KEY: value`",
                            "F:5: empty value for ARGS",
                            "F:6: DESCRIPTION repeated (first at line 1)",
                            "F:7: unknown key 'expect'",
                            "F:9: NPROCS repeated (first at line 8)",
                        }));
}

TEST_F(CaseParse, AnEmptyRequiredKeyIsNotAlsoMissing) {
  parse("// DESCRIPTION:\n// EXPECT: ok\n");
  EXPECT_EQ(messages(), Strings{"F:1: empty value for DESCRIPTION"});
}

TEST_F(CaseParse, ReportsMalformedExpectations) {
  parse(R"(// DESCRIPTION: d
// EXPECT: error
// EXPECT: maybe
// EXPECT: error rma.local.no-such-class
// EXPECT: error rma.local
// EXPECT: error rma.remote.conflict extra
)");
  EXPECT_EQ(
      messages(),
      (Strings{
          "F:2: EXPECT must be `ok` or `error <class>`, got 'error'",
          "F:3: EXPECT must be `ok` or `error <class>`, got 'maybe'",
          "F:4: unknown error class 'rma.local.no-such-class' (not in the taxonomy)",
          "F:5: unknown error class 'rma.local' (not in the taxonomy)",
          "F:6: EXPECT must be `ok` or `error <class>`, got 'error rma.remote.conflict extra'",
      }));
}

TEST_F(CaseParse, OkStandsAlone) {
  parse(R"(// DESCRIPTION: d
// EXPECT: error rma.remote.conflict
// EXPECT: ok
// EXPECT: ok
// EXPECT: error nb.request.missing-completion
// EXPECT: error rma.remote.conflict
)");
  EXPECT_EQ(messages(), (Strings{
                            "F:3: EXPECT: ok mixed with EXPECT: error (ok stands alone)",
                            "F:4: EXPECT: ok mixed with EXPECT: error (ok stands alone)",
                            "F:4: EXPECT: ok repeated",
                            "F:5: EXPECT: error mixed with EXPECT: ok (ok stands alone)",
                            "F:6: EXPECT: error mixed with EXPECT: ok (ok stands alone)",
                            "F:6: EXPECT: error rma.remote.conflict repeated",
                        }));
}

TEST_F(CaseParse, ExpectAtAttachesToTheExpectJustAboveIt) {
  const Case c = parse(R"(// DESCRIPTION: two errors
// EXPECT: error rma.remote.conflict
// EXPECT-AT: put-a put-b
// NOTE: between
// EXPECT-AT: @no-such
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
int main(void) {
  MPI_Put(a);  // @put-a
  MPI_Isend(b);  /* the request */ // @isend @put-b
}
)");
  EXPECT_EQ(messages(), Strings{"F:5: marker name '@no-such' is not [a-z0-9_-]+"});
  ASSERT_EQ(c.errors.size(), 2u);
  EXPECT_EQ(c.errors[0].error_class, "rma.remote.conflict");
  EXPECT_EQ(c.errors[0].at, (Strings{"put-a", "put-b"}));
  EXPECT_EQ(c.errors[0].at_lines, (std::vector<int>{9, 10}));
  EXPECT_EQ(c.errors[1].error_class, "nb.request.missing-completion");
  EXPECT_EQ(c.errors[1].at, Strings{"isend"});
  EXPECT_EQ(c.errors[1].at_lines, std::vector<int>{10});
}

TEST_F(CaseParse, ReportsExpectAtWithoutAnErrorAbove) {
  parse(R"(// DESCRIPTION: d
// EXPECT-AT: a
// EXPECT: ok
// EXPECT-AT: a
int x;  // @a
)",
        "rma/fence/x-ok.c");
  EXPECT_EQ(messages(), (Strings{"F:2: EXPECT-AT must follow an EXPECT: error line",
                                 "F:4: EXPECT-AT must follow an EXPECT: error line"}));
}

TEST_F(CaseParse, AMalformedExpectDoesNotAlsoFailItsExpectAt) {
  parse("// DESCRIPTION: d\n// EXPECT: eror rma.remote.conflict\n// EXPECT-AT: a\nint x;  // @a\n");
  EXPECT_EQ(messages(),
            Strings{"F:2: EXPECT must be `ok` or `error <class>`, got 'eror rma.remote.conflict'"});
}

TEST_F(CaseParse, ReportsMarkersThatDoNotExistAtTheExpectAtLine) {
  const Case c = parse(R"(// DESCRIPTION: d
// EXPECT: error rma.remote.conflict
// EXPECT-AT: put gone
int main(void) {
  MPI_Put(a);  // @put
  /* @gone is only named inside a block comment */
  printf("// @gone");
}
)");
  EXPECT_EQ(messages(),
            Strings{"F:3: EXPECT-AT names marker 'gone' that is not defined (write `// @gone` at "
                    "the end of its line)"});
  EXPECT_EQ(c.errors[0].at_lines, (std::vector<int>{5, 0}));
}

TEST_F(CaseParse, ReportsDuplicateAndMalformedMarkers) {
  parse(R"(// DESCRIPTION: d
// EXPECT: error rma.remote.conflict
// EXPECT-AT: put
int main(void) {
  MPI_Put(a);  // @put
  MPI_Put(b);  // the same again @put
  MPI_Get(c);  // @Get @ok_1 @
  char q = '"'; // @quoted
}
)");
  EXPECT_EQ(messages(), (Strings{
                            "F:6: marker @put defined twice (first at line 5)",
                            "F:7: marker name 'Get' is not [a-z0-9_-]+",
                            "F:7: marker name '' is not [a-z0-9_-]+",
                        }));
}

TEST_F(CaseParse, FindsMarkersAfterCharacterLiteralsWithQuotes) {
  const Case c = parse(R"(// DESCRIPTION: d
// EXPECT: ok
char q = '"'; // @quoted
const char* s = "a \" // @not-a-marker"; // @after-string
)",
                       "rma/fence/x-ok.c");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.markers, (std::map<std::string, int>{{"quoted", 3}, {"after-string", 4}}));
}

TEST_F(CaseParse, ChecksNumbersAndTheirRanges) {
  parse(R"(// DESCRIPTION: d
// EXPECT: ok
// NPROCS: 0
// RUNS: 1001
// TIMEOUT: 3601
)");
  EXPECT_EQ(messages(), (Strings{
                            "F:3: NPROCS must be an integer in 1..64, got '0'",
                            "F:4: RUNS must be an integer in 1..1000, got '1001'",
                            "F:5: TIMEOUT must be an integer in 1..3600, got '3601'",
                        }));
  for (const std::string bad : {"65", "-1", "two", "2x", "2 3", "+2"}) {
    problems_.clear();
    parse("// DESCRIPTION: d\n// EXPECT: ok\n// NPROCS: " + bad + "\n");
    EXPECT_EQ(messages(), Strings{"F:3: NPROCS must be an integer in 1..64, got '" + bad + "'"});
  }
}

TEST_F(CaseParse, ReportsUnknownFeaturesAndImplementations) {
  const Case c = parse(R"(// DESCRIPTION: d
// EXPECT: ok
// REQUIRES: mpi-3 cuda
// UNSUPPORTED: mpich intelmpi
)");
  EXPECT_EQ(messages(),
            (Strings{"F:3: unknown feature 'cuda' in REQUIRES (known: mpi-3 mpi-4 thread-multiple "
                     "openmp shared-memory-window dynamic-window)",
                     "F:4: unknown MPI implementation 'intelmpi' in UNSUPPORTED (known: openmpi "
                     "mpich)"}));
  EXPECT_EQ(c.requires_features, Strings{"mpi-3"});
  EXPECT_EQ(c.unsupported_mpis, Strings{"mpich"});
}

TEST_F(CaseParse, GeneratedMustBeTheFirstLine) {
  parse("// DESCRIPTION: d\n// EXPECT: ok\n// GENERATED: cases/gen/x.cpp\n");
  EXPECT_EQ(messages(), Strings{"F:3: GENERATED must be the first line"});
}

TEST_F(CaseParse, ReadsWindowsLineEndings) {
  const Case c = parse("// DESCRIPTION: d\r\n// EXPECT: ok\r\nint x;  // @a\r\n");
  EXPECT_EQ(messages(), Strings{});
  EXPECT_EQ(c.description, "d");
  EXPECT_EQ(c.markers.at("a"), 3);
}

TEST(Problem, FormatsFileLineAndMessage) {
  EXPECT_EQ((Problem{"a/b.c", 7, "bad"}).str(), "a/b.c:7: bad");
  EXPECT_EQ((Problem{"a/b.c", 0, "bad"}).str(), "a/b.c: bad");
}

TEST(Fnv1a, MatchesTheReferenceValues) {
  EXPECT_EQ(fnv1a_hex(""), "cbf29ce484222325");
  EXPECT_EQ(fnv1a_hex("a"), "af63dc4c8601ec8c");
  EXPECT_EQ(fnv1a_hex("foobar"), "85944171f73967e8");
  EXPECT_EQ(fnv1a_hex(std::string_view("\0\xff", 2)).size(), 16u);
}

class LoadCases : public CaseParse {
 protected:
  std::vector<Problem> warnings_;
  Strings all_warnings() const {
    Strings out;
    for (const auto& p : warnings_) out.push_back(p.str());
    return out;
  }
  std::string root(const std::string& name) const { return (dir_.path() / name).string(); }
  Strings all_messages() const {
    Strings out;
    for (const auto& p : problems_) out.push_back(p.str());
    return out;
  }
  static Strings ids(const std::vector<Case>& cases) {
    Strings out;
    for (const auto& c : cases) out.push_back(c.id);
    return out;
  }
};

TEST_F(LoadCases, WalksTheFixtureCorpusSortedAndSkipsGenerators) {
  const auto cases = load_cases({ASSAY_TEST_DATA_DIR "/corpus/mini"}, tax_, problems_, warnings_);
  EXPECT_EQ(all_messages(), Strings{});
  EXPECT_EQ(ids(cases),
            (Strings{"nb/request/leak/isend-no-wait-nok", "nb/request/leak/isend-wait-ok",
                     "rma/fence/put-store-nok", "rma/fence/put-store-ok"}));
  EXPECT_EQ(cases[0].root, ASSAY_TEST_DATA_DIR "/corpus/mini");
  EXPECT_EQ(cases[1].path, ASSAY_TEST_DATA_DIR "/corpus/mini/nb/request/leak/isend-wait-ok.cpp");
}

TEST_F(LoadCases, ReportsProblemsOfEveryFile) {
  const std::string a = dir_.write("c/rma/fence/a-ok.c", "// EXPECT: ok\n");
  const std::string b = dir_.write("c/rma/fence/b-ok.c", "// DESCRIPTION: d\n// EXPECT: okay\n");
  const std::string g = dir_.write("c/rma/gen/inner-ok.c", "// DESCRIPTION: d\n");
  dir_.write("c/gen/generator.cpp", "int main() {}\n");
  dir_.write("c/support/helper.c", "void helper(void) {}\n");
  dir_.write("c/rma/fence/notes.txt", "not a case\n");
  const auto cases = load_cases({root("c/")}, tax_, problems_, warnings_);
  EXPECT_EQ(ids(cases), (Strings{"rma/fence/a-ok", "rma/fence/b-ok", "rma/gen/inner-ok"}));
  EXPECT_EQ(all_messages(), (Strings{a + ":1: DESCRIPTION missing",
                                     b + ":2: EXPECT must be `ok` or `error <class>`, got 'okay'",
                                     g + ":1: EXPECT missing"}));
}

TEST_F(LoadCases, ReportsDuplicateIdsAcrossRootsAndMissingRoots) {
  const std::string ok = "// DESCRIPTION: d\n// EXPECT: ok\n";
  const std::string first = dir_.write("one/rma/fence/same-ok.c", ok);
  const std::string second = dir_.write("two/rma/fence/same-ok.cpp", ok);
  const auto cases = load_cases({root("one"), root("two"), root("none")}, tax_, problems_, warnings_);
  ASSERT_EQ(ids(cases), Strings{"rma/fence/same-ok"});
  EXPECT_EQ(cases[0].path, first);
  EXPECT_EQ(all_messages(),
            (Strings{root("none") + ": cases folder not found",
                     second + ": duplicate case id 'rma/fence/same-ok' (also " + first + ")"}));
}

// A symlink loop under --cases is skipped with a warning; the folder's other cases load.
TEST_F(LoadCases, ASymlinkLoopIsSkippedWithAWarning) {
  dir_.write("c/rma/fence/a-ok.c", "// DESCRIPTION: d\n// EXPECT: ok\n");
  const fs::path group = dir_.path() / "c/rma/fence";
  fs::create_symlink("loop-b.c", group / "loop-a.c");
  fs::create_symlink("loop-a.c", group / "loop-b.c");
  fs::create_symlink("self", group / "self");
  const auto cases = load_cases({root("c")}, tax_, problems_, warnings_);
  EXPECT_EQ(all_messages(), Strings{});
  EXPECT_EQ(ids(cases), Strings{"rma/fence/a-ok"});
  const std::string loop = ": skipped: Too many levels of symbolic links";
  Strings warnings = all_warnings();
  std::sort(warnings.begin(), warnings.end());  // the walk is in directory order
  EXPECT_EQ(warnings, (Strings{(group / "loop-a.c").string() + loop, (group / "loop-b.c").string() + loop,
                                     (group / "self").string() + loop}));
}

// A name that is not printable UTF-8 could not be written to a journal or a JSON
// listing unchanged: it is skipped once, with a warning that shows its bytes.
TEST_F(LoadCases, ANameThatIsNotPrintableUtf8IsSkippedWithAWarning) {
  const std::string ok = "// DESCRIPTION: d\n// EXPECT: ok\n";
  dir_.write("c/rma/fence/a-ok.c", ok);
  dir_.write("c/rma/fence/\xc3\xa9t\xc3\xa9-ok.c", ok);  // é: valid UTF-8, kept
  dir_.write("c/rma/fence/bad\xff-ok.c", ok);
  dir_.write("c/rma/fence/esc\x1b[2J-ok.c", ok);
  dir_.write("c/rma/l\xe9gacy/x-ok.c", ok);  // Latin-1 folder: skipped whole
  const auto cases = load_cases({root("c")}, tax_, problems_, warnings_);
  EXPECT_EQ(all_messages(), Strings{});
  EXPECT_EQ(ids(cases), (Strings{"rma/fence/a-ok", "rma/fence/\xc3\xa9t\xc3\xa9-ok"}));
  const std::string why = ": skipped: the name is not printable UTF-8 (rename it to use it as a case)";
  const std::string base = root("c");
  Strings warnings = all_warnings();
  std::sort(warnings.begin(), warnings.end());
  EXPECT_EQ(warnings, (Strings{base + "/rma/fence/bad\\xff-ok.c" + why, base + "/rma/fence/esc\\x1b[2J-ok.c" + why,
                                     base + "/rma/l\\xe9gacy" + why}));
}

// SOURCES: files and folders relative to the case file; their bytes join the hash.
TEST_F(CaseParse, SourcesAreResolvedAndHashed) {
  dir_.write("lib/a.cpp", "int a;\n");
  dir_.write("lib/a.hpp", "extern int a;\n");
  dir_.write("extra.c", "int e;\n");
  const std::string header = "// DESCRIPTION: d\n// EXPECT: ok\n// SOURCES: ../../../lib ../../../extra.c\n";
  const Case c = parse(header + "int main() {}\n", "rma/fence/x-ok.cpp");
  EXPECT_EQ(messages(), Strings{});
  const auto root = dir_.path().string();
  EXPECT_EQ(c.sources, (Strings{root + "/lib/a.cpp", root + "/lib/a.hpp", root + "/extra.c"}));
  EXPECT_NE(c.content_hash, fnv1a_hex(header + "int main() {}\n"));
  // A changed header changes the hash (and so the build cache key).
  dir_.write("lib/a.hpp", "extern long a;\n");
  problems_.clear();
  EXPECT_NE(parse(header + "int main() {}\n", "rma/fence/x-ok.cpp").content_hash, c.content_hash);
}

TEST_F(CaseParse, MissingSourcesAreProblems) {
  parse("// DESCRIPTION: d\n// EXPECT: ok\n// SOURCES: nowhere.c\nint main() {}\n", "rma/fence/x-ok.c");
  EXPECT_EQ(messages(), (Strings{"F:3: SOURCES 'nowhere.c' not found (paths are relative to the case file)"}));
}

}  // namespace
}  // namespace assay
