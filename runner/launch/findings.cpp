#include "launch/findings.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "exec/output.hpp"

namespace assay {

namespace {
// ": <last line(s) of stderr>" or "".
std::string stderr_tail(const std::string& path) {
  std::string t = read_tail(path, 300);
  while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
  return t.empty() ? "" : ": " + t;
}

// The first problem that makes the output untrustworthy: any but a line torn by a kill.
const Problem* first_garbage(const std::vector<Problem>& problems) {
  for (const auto& p : problems)
    if (p.message != truncated_line_message) return &p;
  return nullptr;
}
}  // namespace

void cap_problems(ParsedFindings& p) {
  if (p.problems.size() > kMaxProblems) {
    p.problems_dropped += p.problems.size() - kMaxProblems;
    p.problems.resize(kMaxProblems);
  }
  for (auto& problem : p.problems)
    if (problem.message.size() > kMaxProblemMessage) problem.message = problem.message.substr(0, kMaxProblemMessage) + "...";
}

std::optional<Command> parse_command(const BackendConfig& config, const Vars& vars, const std::string& run_dir,
                                     const std::string& backend_name) {
  if (config.parse_command.empty()) return std::nullopt;
  Command cmd;
  cmd.argv = vars.expand_argv(config.parse_command);
  cmd.cwd = run_dir;
  cmd.env = {{"ASSAY_REPORT_DIR", run_dir}, {"ASSAY_BACKEND", backend_name}};
  cmd.stdout_path = run_dir + "/parse.stdout";
  cmd.stderr_path = run_dir + "/parse.stderr";
  cmd.timeout = std::chrono::seconds(120);
  return cmd;
}

ParsedFindings read_run_findings(const std::string& run_dir, const ExitInfo* parse_exit, const std::string& program) {
  ParsedFindings p;
  if (!parse_exit) {
    p.findings = read_findings_dir(run_dir, p.problems);
    if (const Problem* bad = first_garbage(p.problems))
      p.failure = fmt::format("unreadable findings ({} problem(s)), first: {}", p.problems.size(), bad->str());
    cap_problems(p);
    return p;
  }
  const ExitInfo& e = *parse_exit;
  const std::string err = run_dir + "/parse.stderr";
  if (!e.started) p.failure = "parse command " + program + " cannot start: " + e.error;
  else if (e.timed_out) p.failure = "parse command " + program + " killed after its timeout";
  else if (e.signal) p.failure = fmt::format("parse command {} crashed (signal {}){}", program, e.signal, stderr_tail(err));
  else if (e.exit_code != 0)
    p.failure = fmt::format("parse command {} exited with status {}{}", program, e.exit_code, stderr_tail(err));
  if (!p.failure.empty()) return p;
  p.findings = read_findings_text(read_file(run_dir + "/parse.stdout"), run_dir + "/parse.stdout", p.problems);
  if (const Problem* bad = first_garbage(p.problems))
    p.failure = fmt::format("parse command {} wrote garbage: {}", program, bad->str());
  cap_problems(p);
  return p;
}

}  // namespace assay
