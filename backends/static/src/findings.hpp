// Findings of the static analyses, in the project's findings schema
// (docs/findings.md): one JSON line each in $ASSAY_REPORT_DIR/static.jsonl and
// the same data as a human report on stderr.
#pragma once

#include <string>
#include <vector>

namespace llvm {
class Instruction;
}

namespace assay::stat {

struct Site {
  std::string op;    // MPI call name, or "condition" for a branch
  std::string kind;  // "call" or "read"
  const llvm::Instruction* at;
};

struct Finding {
  std::string klass;
  std::string message;
  std::vector<Site> sites;  // the creating call first
};

// Writes every finding (deduplicated on class and lines). A file that cannot be
// opened is a tool failure ($ASSAY_REPORT_DIR/tool-failure), never silence.
void write_findings(const std::vector<Finding>& findings);

// "file:line" of an instruction from its debug location, "?" without -g.
std::string where(const llvm::Instruction* at);

}  // namespace assay::stat
