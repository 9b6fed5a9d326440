// Corpus rules on top of the parser (docs/case-format.md, `mpi-assay lint`):
// the verdict is visible in the name, and erroneous cases come with a correct twin.
#include <fmt/format.h>

#include <map>

#include "corpus/case.hpp"

namespace assay {

namespace {

// Line of a header key, or 1 (the header's start) when the key is absent.
int line_of(const Case& c, const std::string& key) {
  const auto it = c.key_lines.find(key);
  return it == c.key_lines.end() ? 1 : it->second;
}

void check_name(const Case& c, std::vector<Problem>& problems) {
  const int line = line_of(c, "EXPECT");
  if (c.correct() && !c.name.ends_with("-ok")) {
    problems.push_back(
        {c.path, line, fmt::format("EXPECT: ok but the name '{}' does not end in -ok", c.name)});
  }
  if (!c.correct() && !c.name.ends_with("-nok")) {
    problems.push_back(
        {c.path, line,
         fmt::format("erroneous case but the name '{}' does not end in -nok", c.name)});
  }
}

// Named twins must exist in every folder; a correct twin for every erroneous case
// is a corpus rule (a foreign suite need not have one).
void check_twins(const Case& c, const std::map<std::string, const Case*>& by_id,
                 std::vector<Problem>& problems) {
  if (c.corpus_rules && !c.correct() && c.twins.empty()) {
    problems.push_back({c.path, line_of(c, "EXPECT"),
                        "erroneous case without a TWIN (name its correct counterpart)"});
    return;
  }
  const int line = line_of(c, "TWIN");
  bool any_twin_found = false;
  bool has_correct_twin = false;
  for (const auto& twin_id : c.twins) {
    if (twin_id == c.id) {
      problems.push_back({c.path, line, "TWIN names the case itself"});
      continue;
    }
    const auto twin = by_id.find(twin_id);
    if (twin == by_id.end()) {
      problems.push_back({c.path, line, fmt::format("TWIN '{}' is not a case", twin_id)});
      continue;
    }
    any_twin_found = true;
    has_correct_twin = has_correct_twin || twin->second->correct();
  }
  if (c.corpus_rules && !c.correct() && any_twin_found && !has_correct_twin) {
    problems.push_back(
        {c.path, line, "no correct case among the TWINs (an erroneous case needs a correct twin)"});
  }
}

}  // namespace

std::vector<Problem> lint_cases(const std::vector<Case>& cases) {
  std::map<std::string, const Case*> by_id;
  for (const auto& c : cases) by_id.emplace(c.id, &c);
  std::vector<Problem> problems;
  for (const auto& c : cases) {
    if (c.corpus_rules) check_name(c, problems);
    check_twins(c, by_id, problems);
  }
  return problems;
}

}  // namespace assay
