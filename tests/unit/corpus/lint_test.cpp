#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "corpus/case.hpp"

namespace assay {
namespace {

using Strings = std::vector<std::string>;

// A parsed case as lint sees it: EXPECT on line 2, TWIN on line 3 when given.
Case make_case(const std::string& id, bool erroneous, Strings twins = {}) {
  Case c;
  c.id = id;
  c.path = "/c/" + id + ".c";
  c.corpus_rules = true;  // as in the project's cases/
  c.name = id.substr(id.rfind('/') + 1);
  if (erroneous) c.errors.push_back({"rma.remote.conflict", {}, {}});
  c.key_lines["EXPECT"] = 2;
  if (!twins.empty()) c.key_lines["TWIN"] = 3;
  c.twins = std::move(twins);
  return c;
}

Strings lint(const std::vector<Case>& cases) {
  Strings out;
  for (const auto& p : lint_cases(cases)) out.push_back(p.str());
  return out;
}

TEST(Lint, AcceptsAnErroneousCaseWithItsCorrectTwin) {
  EXPECT_EQ(lint({make_case("rma/fence/put-nok", true, {"rma/fence/put-ok"}),
                  make_case("rma/fence/put-ok", false, {"rma/fence/put-nok"})}),
            Strings{});
}

TEST(Lint, TheNameShowsTheVerdict) {
  EXPECT_EQ(lint({make_case("rma/fence/a-nok", false), make_case("rma/fence/b", false),
                  make_case("rma/fence/c-ok", true, {"rma/fence/d-ok"}),
                  make_case("rma/fence/d-ok", false)}),
            (Strings{
                "/c/rma/fence/a-nok.c:2: EXPECT: ok but the name 'a-nok' does not end in -ok",
                "/c/rma/fence/b.c:2: EXPECT: ok but the name 'b' does not end in -ok",
                "/c/rma/fence/c-ok.c:2: erroneous case but the name 'c-ok' does not end in -nok",
            }));
}

TEST(Lint, AnErroneousCaseNeedsATwin) {
  EXPECT_EQ(lint({make_case("rma/fence/a-nok", true)}),
            Strings{"/c/rma/fence/a-nok.c:2: erroneous case without a TWIN (name its correct "
                    "counterpart)"});
}

TEST(Lint, EveryTwinMustExist) {
  EXPECT_EQ(lint({make_case("rma/fence/a-nok", true, {"rma/fence/gone-ok", "rma/fence/a-ok"}),
                  make_case("rma/fence/a-ok", false, {"rma/fence/also-gone-nok"})}),
            (Strings{"/c/rma/fence/a-nok.c:3: TWIN 'rma/fence/gone-ok' is not a case",
                     "/c/rma/fence/a-ok.c:3: TWIN 'rma/fence/also-gone-nok' is not a case"}));
}

TEST(Lint, AnErroneousCaseNeedsACorrectTwin) {
  EXPECT_EQ(lint({make_case("rma/fence/a-nok", true, {"rma/fence/b-nok"}),
                  make_case("rma/fence/b-nok", true, {"rma/fence/b-ok"}),
                  make_case("rma/fence/b-ok", false)}),
            Strings{"/c/rma/fence/a-nok.c:3: no correct case among the TWINs (an erroneous case "
                    "needs a correct twin)"});
}

TEST(Lint, ATwinIsAnotherCase) {
  EXPECT_EQ(lint({make_case("rma/fence/a-ok", false, {"rma/fence/a-ok"})}),
            Strings{"/c/rma/fence/a-ok.c:3: TWIN names the case itself"});
}

// A folder without .assay-corpus (a foreign suite) is not held to the corpus
// rules: no twins, any names; a TWIN it does name must still exist.
TEST(Lint, FoldersThatDoNotOptInKeepOnlyTheTwinReferencesChecked) {
  Case foreign = make_case("suite/p2p/leak", true);
  foreign.corpus_rules = false;
  Case named = make_case("suite/p2p/other", true, {"suite/p2p/missing"});
  named.corpus_rules = false;
  EXPECT_EQ(lint({foreign, named}), Strings{"/c/suite/p2p/other.c:3: TWIN 'suite/p2p/missing' is not a case"});
}

TEST(Lint, TheFixtureCorpusIsClean) {
  const auto tax = Taxonomy::load(ASSAY_SOURCE_DIR "/taxonomy/classes.json");
  std::vector<Problem> problems;
  std::vector<Problem> warnings;
  const auto cases = load_cases({ASSAY_TEST_DATA_DIR "/corpus/mini"}, tax, problems, warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(problems.size(), 0u) << problems[0].str();
  ASSERT_EQ(cases.size(), 4u);
  EXPECT_EQ(lint(cases), Strings{});
}

}  // namespace
}  // namespace assay
