// One reporter interface, one implementation per format (in the manner of
// google/benchmark's reporters). Every format renders the same ReportModel.
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "reports/model.hpp"

namespace assay {

struct ReportOptions {
  // Folder the report is written to: HTML links to each run's output are made
  // relative to it (empty: the current folder).
  std::string output_dir;
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void report(const ReportModel& model, std::ostream& out) const = 0;
};

const std::vector<std::string>& report_formats();  // terminal md html csv csv-summary json latex junit
// Throws std::invalid_argument naming the formats when `format` is unknown.
std::unique_ptr<Reporter> make_reporter(std::string_view format, const ReportOptions& options = {});

}  // namespace assay
