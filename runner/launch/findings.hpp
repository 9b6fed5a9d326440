// The parse step: how a finished run's findings are read. A backend either
// writes findings JSONL into the run folder itself (the built-in `jsonl`
// parser), or names a parse command — any program that reads the run folder and
// writes findings JSONL on stdout. Output that cannot be read means the tool
// failed (TF), never that it found nothing.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "exec/process.hpp"
#include "results/finding.hpp"

namespace assay {

struct ParsedFindings {
  std::vector<Finding> findings;
  std::vector<Problem> problems;  // unreadable lines, as file:line: reason
  std::string failure;            // why the tool failed ("" when its output was read)
  std::size_t problems_dropped = 0;  // problems beyond kMaxProblems, not kept
};

// How many problems a run keeps (the first ones), and how long each message may
// be: a tool that writes megabytes of garbage must not make a record of megabytes.
constexpr std::size_t kMaxProblems = 50, kMaxProblemMessage = 300;

// Keeps the first kMaxProblems problems, each message cut to kMaxProblemMessage
// bytes; counts the others in problems_dropped. read_run_findings() calls it.
void cap_problems(ParsedFindings& parsed);

// The parse command of a run in `run_dir` (cwd = run_dir, output in
// run_dir/parse.stdout and parse.stderr); nullopt for a built-in parser.
// `vars` hold ${run_dir} ${np} ${source} ${exe}; throws when a template cannot expand.
std::optional<Command> parse_command(const BackendConfig& config, const Vars& vars, const std::string& run_dir,
                                     const std::string& backend_name);

// What a built-in parser needs besides the run folder: its name (parse.builtin),
// the program (whose stack frames are the case's), the backend's name, and
// whether the run ended abnormally (ended_abnormally: a cut tool output is then
// expected).
struct BuiltinParse {
  std::string name = "jsonl";
  std::string exe, backend;
  bool abnormal_end = false;
};

// Whether a launch ended abnormally: killed at its timeout, by a signal, or with
// a non-zero exit (a rank crashed or aborted, and the launcher may have killed
// the others mid-write).
bool ended_abnormally(const ExitInfo& launch);

// Reads the findings of a run: the parse command's output when `parse_exit`
// (how it ended) is given, else the built-in parser's: `jsonl` reads the JSONL
// files in run_dir; `memcheck-xml` reads them and every memcheck-<rank>.xml
// (backends/adapter-kit/memcheck_xml.cpp).
ParsedFindings read_run_findings(const std::string& run_dir, const ExitInfo* parse_exit, const std::string& program,
                                 const BuiltinParse& builtin = {});

}  // namespace assay
