// Every JSON example in README.md and docs/*.md is checked: it parses, a backend
// manifest passes the schema and the taxonomy as `mpi-assay backends` checks it,
// a finding passes the findings reader. An example that drifts from the code fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "backend/backend.hpp"
#include "corpus/taxonomy.hpp"
#include "results/finding.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace assay {
namespace {

struct Example {
  std::string where;  // file:line of the opening fence
  std::string info;   // the fence's language ("json", "sh", "")
  std::string text;
};

// The fenced blocks of the Markdown files of the tree (docs/CASES.md is generated).
std::vector<Example> fenced_blocks() {
  std::vector<fs::path> files{fs::path(ASSAY_SOURCE_DIR) / "README.md"};
  for (const auto& entry : fs::directory_iterator(fs::path(ASSAY_SOURCE_DIR) / "docs"))
    if (entry.path().extension() == ".md" && entry.path().filename() != "CASES.md") files.push_back(entry.path());
  std::vector<Example> out;
  for (const auto& file : files) {
    std::ifstream in(file);
    int number = 0;
    bool open = false;
    for (std::string line; std::getline(in, line);) {
      ++number;
      const auto start = line.find_first_not_of(' ');
      const bool fence = start != std::string::npos && line.compare(start, 3, "```") == 0;
      if (fence) {
        if (!open) out.push_back({file.string() + ":" + std::to_string(number), line.substr(start + 3), ""});
        open = !open;
      } else if (open) {
        out.back().text += line + "\n";
      }
    }
    EXPECT_FALSE(open) << file << ": a code fence is not closed";
  }
  return out;
}

TEST(DocsExamples, EveryJsonExampleIsValid) {
  const Taxonomy tax = Taxonomy::load(ASSAY_SOURCE_DIR "/taxonomy/classes.json");
  const std::string schema = manifest_schema_path(ASSAY_SOURCE_DIR);
  int checked = 0, manifests = 0, findings = 0;
  for (const auto& block : fenced_blocks()) {
    if (block.info != "json") continue;
    ++checked;
    const auto doc = nlohmann::json::parse(block.text, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << block.where << ": not valid JSON:\n" << block.text;
    if (doc.contains("manifest")) {
      ++manifests;
      test_support::TempDir dir;
      const std::string name = doc.value("name", "example");  // a manifest names its folder
      dir.write(name + "/backend.json", block.text);
      try {
        load_backend((dir.path() / name).string(), tax, schema);
      } catch (const std::exception& e) {
        ADD_FAILURE() << block.where << ": " << e.what();
      }
    } else if (doc.contains("class")) {
      ++findings;
      try {
        finding_from_json(doc);
      } catch (const std::exception& e) {
        ADD_FAILURE() << block.where << ": " << e.what();
      }
    }
  }
  // The docs hold at least these; a fence renamed away would otherwise pass unchecked.
  EXPECT_GE(checked, 3);
  EXPECT_GE(manifests, 2);
  EXPECT_GE(findings, 1);
}

}  // namespace
}  // namespace assay
