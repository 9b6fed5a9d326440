// What a backend found, in the one schema of docs/findings.md (JSON lines, one
// file per rank in $ASSAY_REPORT_DIR). The runner reads only this.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "corpus/case.hpp"

namespace assay {

struct Access {  // one access or call involved in a finding
  std::string op;      // "MPI_Put", "store", "load", ...
  std::string kind;    // "read" | "write" | "call"
  int rank = -1;
  std::string addr;    // "0x7ffd..." ("" when not applicable)
  std::int64_t size = 0;
  std::string file;
  int line = 0;
  std::string function;
  std::vector<std::string> stack;
  std::optional<std::int64_t> time;      // logical time on the reporting rank, for diagrams
  std::optional<std::int64_t> end_time;  // asynchronous accesses: when completed (same clock)
};

struct Finding {
  std::string backend;
  std::string error_class;
  std::string severity = "error";  // "error" | "warning"
  int rank = -1;
  std::string message;
  std::vector<Access> accesses;
};

nlohmann::json to_json(const Finding& f);
// Throws std::runtime_error with a reason when a required field is missing or ill-typed.
Finding finding_from_json(const nlohmann::json& j);

// Reads every *.jsonl file in `dir` (sorted by name). An unreadable line becomes a
// Problem naming file:line; the rest is kept (the caller decides what it means).
std::vector<Finding> read_findings_dir(const std::string& dir, std::vector<Problem>& problems);

// The message of a last line without its newline that is not JSON: the writer
// was killed mid-line (a timeout, a crash). Not garbage: what came before counts.
inline constexpr const char* truncated_line_message = "truncated last line (the writer was killed mid-line)";

std::vector<Finding> read_findings_text(const std::string& text, const std::string& origin,
                                        std::vector<Problem>& problems);

}  // namespace assay
