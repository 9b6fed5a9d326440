// The error classes every part of MPI-Assay agrees on (taxonomy/classes.json).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assay {

enum class Severity { error, warning };

struct ErrorClass {
  std::string id;        // family.group.name
  Severity severity = Severity::error;
  std::string mbi;       // MPI Bugs Initiative detail ("" when none)
  std::string rmarace;   // RMARaceBench category ("" when none)
  std::string meaning;
  std::string family() const;  // "rma"
  std::string group() const;   // "rma.local"
};

class Taxonomy {
 public:
  // Throws std::runtime_error naming the file (and the entry) on malformed input.
  static Taxonomy load(const std::string& path);
  static Taxonomy from_json_text(std::string_view text, const std::string& origin);

  const ErrorClass* find(std::string_view id) const;  // nullptr if unknown
  const std::vector<ErrorClass>& classes() const { return classes_; }
  std::vector<std::string> families() const;          // in file order
  const std::string& family_description(const std::string& family) const;  // "" when unknown
  const std::string& about() const { return about_; }

 private:
  std::vector<ErrorClass> classes_;
  std::vector<std::string> families_;
  std::vector<std::string> family_descriptions_;  // parallel to families_
  std::string about_;
};

// docs/taxonomy.md: the taxonomy rendered as Markdown (families, then a table of
// classes per family). A unit test keeps the checked-in file equal to it.
std::string taxonomy_markdown(const Taxonomy& taxonomy);

}  // namespace assay
