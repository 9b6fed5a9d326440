// Fixture journals of tests/data/reports and the small taxonomy beside them.
#pragma once
#include <string>

#include "corpus/taxonomy.hpp"
#include "reports/model.hpp"

namespace assay::test {

inline std::string fixture(const std::string& name) {
  return std::string(ASSAY_TEST_DATA_DIR) + "/reports/" + name + "/results.jsonl";
}

inline const Taxonomy& fixture_taxonomy() {
  static const Taxonomy t = Taxonomy::load(std::string(ASSAY_TEST_DATA_DIR) + "/reports/taxonomy.json");
  return t;
}

inline ReportModel model_of(const std::string& name) {
  return build_model({load_journal_input(fixture(name))}, fixture_taxonomy());
}

inline std::size_t column_of(const ReportModel& m, const std::string& name) {
  for (std::size_t i = 0; i < m.columns.size(); ++i)
    if (m.columns[i].name() == name) return i;
  throw std::runtime_error("no column " + name);
}

inline const CoverageRow& coverage_of(const ReportModel& m, const std::string& class_id) {
  for (const auto& row : m.coverage)
    if (row.class_id == class_id) return row;
  throw std::runtime_error("no coverage row " + class_id);
}

inline const CaseRow& case_of(const ReportModel& m, const std::string& id) {
  for (const auto& row : m.cases)
    if (row.case_id == id) return row;
  throw std::runtime_error("no case " + id);
}

}  // namespace assay::test
