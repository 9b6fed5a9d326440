#include "corpus/taxonomy.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "temp_dir.hpp"

namespace assay {
namespace {

// The exception text of loading `text` as origin "t.json" ("" when it loads).
std::string load_error(const std::string& text) {
  try {
    Taxonomy::from_json_text(text, "t.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

std::string with_classes(const std::string& classes) {
  return R"({"families": {"rma": "one-sided", "nb": "nonblocking"}, "classes": [)" + classes + "]}";
}

TEST(Taxonomy, LoadsTheProjectsClassList) {
  const auto tax = Taxonomy::load(ASSAY_SOURCE_DIR "/taxonomy/classes.json");
  EXPECT_EQ(tax.families(), (std::vector<std::string>{"rma", "nb", "coll", "mem", "res"}));
  const ErrorClass* put = tax.find("rma.local.origin-write-during-put");
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->severity, Severity::error);
  EXPECT_EQ(put->mbi, "LocalConcurrency");
  EXPECT_EQ(put->family(), "rma");
  EXPECT_EQ(put->group(), "rma.local");
  const ErrorClass* unused = tax.find("mem.recv.unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_EQ(unused->severity, Severity::warning);
  EXPECT_EQ(tax.find("rma.local"), nullptr);
  EXPECT_EQ(tax.find("no.such.class"), nullptr);
}

TEST(Taxonomy, KeepsFamiliesInFileOrder) {
  const auto tax = Taxonomy::from_json_text(
      R"({"families": {"zeta": "", "alpha": ""},
          "classes": [{"id": "zeta.g.x", "severity": "warning", "meaning": "m"}]})",
      "t.json");
  EXPECT_EQ(tax.families(), (std::vector<std::string>{"zeta", "alpha"}));
  ASSERT_EQ(tax.classes().size(), 1u);
  EXPECT_EQ(tax.classes()[0].meaning, "m");
  EXPECT_EQ(tax.classes()[0].mbi, "");
}

TEST(Taxonomy, ReportsInvalidJsonWithTheFileName) {
  EXPECT_EQ(load_error(R"({"families": )").rfind("t.json: not valid JSON", 0), 0u);
}

TEST(Taxonomy, ReportsAMissingClassList) {
  EXPECT_EQ(load_error(R"({"families": {}})"),
            R"(t.json: expected an object with "families" (object) and "classes" (array))");
}

TEST(Taxonomy, ReportsMalformedIds) {
  for (const std::string id :
       {"rma.local", "rma.Local.x", "rma.local.x.y", "rma..x", "rma.local.a_b"}) {
    EXPECT_EQ(
        load_error(with_classes(R"({"id": ")" + id + R"(", "severity": "error"})")),
        "t.json: classes[0] \"" + id + "\": id must be family.group.name with parts of [a-z0-9-]")
        << id;
  }
}

TEST(Taxonomy, ReportsAFamilyNotListed) {
  EXPECT_EQ(
      load_error(with_classes(R"({"id": "coll.order.mismatch", "severity": "error"})")),
      R"(t.json: classes[0] "coll.order.mismatch": family "coll" is not listed in "families")");
}

TEST(Taxonomy, ReportsABadSeverity) {
  EXPECT_EQ(load_error(with_classes(R"({"id": "rma.local.x", "severity": "fatal"})")),
            R"(t.json: classes[0] "rma.local.x": severity must be "error" or "warning")");
  EXPECT_EQ(load_error(with_classes(R"({"id": "rma.local.x"})")),
            R"(t.json: classes[0] "rma.local.x": severity must be "error" or "warning")");
}

TEST(Taxonomy, ReportsADuplicateId) {
  EXPECT_EQ(load_error(with_classes(R"({"id": "rma.local.x", "severity": "error"},
                                       {"id": "rma.local.x", "severity": "error"})")),
            R"(t.json: classes[1] "rma.local.x": duplicate id)");
}

TEST(Taxonomy, ReportsEntriesThatAreNotObjectsOrLackAnId) {
  EXPECT_EQ(load_error(with_classes(R"("rma.local.x")")), "t.json: classes[0]: not an object");
  EXPECT_EQ(load_error(with_classes(R"({"severity": "error"})")),
            R"(t.json: classes[0]: missing string "id")");
  EXPECT_EQ(load_error(with_classes(R"({"id": "rma.local.x", "severity": "error", "mbi": 3})")),
            R"(t.json: classes[0] "rma.local.x": "mbi" must be a string)");
}

TEST(Taxonomy, ReportsEveryBadEntryAtOnce) {
  EXPECT_EQ(load_error(with_classes(R"({"id": "rma.local.ok-one", "severity": "error"},
                                       {"id": "bad", "severity": "error"},
                                       {"id": "nb.request.x", "severity": "loud"})")),
            "t.json: classes[1] \"bad\": id must be family.group.name with parts of [a-z0-9-]\n"
            "t.json: classes[2] \"nb.request.x\": severity must be \"error\" or \"warning\"");
}

TEST(Taxonomy, ReportsAnUnreadableFile) {
  test_support::TempDir dir;
  const std::string missing = (dir.path() / "none.json").string();
  try {
    Taxonomy::load(missing);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": cannot read the taxonomy");
  }
}

}  // namespace
}  // namespace assay

namespace assay {
namespace {

// docs/taxonomy.md is generated from taxonomy/classes.json, the single source of class names.
TEST(TaxonomyDoc, IsTheRenderingOfClassesJson) {
  const std::string root = ASSAY_SOURCE_DIR;
  const Taxonomy tax = Taxonomy::load(root + "/taxonomy/classes.json");
  std::ifstream in(root + "/docs/taxonomy.md", std::ios::binary);
  ASSERT_TRUE(in) << "docs/taxonomy.md is missing";
  std::ostringstream doc;
  doc << in.rdbuf();
  EXPECT_EQ(doc.str(), taxonomy_markdown(tax))
      << "docs/taxonomy.md is out of date: regenerate it with `build/cli/mpi-assay taxonomy > docs/taxonomy.md`";
  for (const auto& c : tax.classes()) EXPECT_NE(doc.str().find("`" + c.id + "`"), std::string::npos) << c.id;
}

}  // namespace
}  // namespace assay
