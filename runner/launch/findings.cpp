#include "launch/findings.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "adapter.hpp"
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
// The memcheck-<rank>.xml files of a run, in rank order, added to p (their
// findings), or p.failure when one cannot be trusted or none exists.
void read_memcheck_xml(const std::string& run_dir, const BuiltinParse& b, ParsedFindings& p) {
  std::vector<std::pair<int, std::string>> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(run_dir, ec)) {
    const std::string name = entry.path().filename().string();
    int rank = -1;
    char tail = 0;
    if (std::sscanf(name.c_str(), "memcheck-%d.xm%c", &rank, &tail) == 2 && tail == 'l' &&
        name == "memcheck-" + std::to_string(rank) + ".xml")
      files.emplace_back(rank, entry.path().string());
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    p.failure = "no memcheck-<rank>.xml in the run folder (valgrind did not run?)";
    return;
  }
  std::string jsonl;
  for (const auto& [rank, path] : files) {
    try {
      std::string note;
      for (const auto& f : adapter::parse_memcheck_xml(adapter::read_input(path), path, rank, b.exe, b.abnormal_end, &note))
        jsonl += adapter::to_json(f, b.backend).dump() + "\n";
    } catch (const adapter::ParseError& e) {
      p.failure = std::string("memcheck XML unreadable: ") + e.what();
      return;
    }
  }
  for (auto& f : read_findings_text(jsonl, run_dir + "/memcheck-*.xml", p.problems)) p.findings.push_back(std::move(f));
}
}  // namespace

bool ended_abnormally(const ExitInfo& launch) { return launch.timed_out || launch.signal != 0 || launch.exit_code != 0; }

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

ParsedFindings read_run_findings(const std::string& run_dir, const ExitInfo* parse_exit, const std::string& program,
                                 const BuiltinParse& builtin) {
  ParsedFindings p;
  if (!parse_exit) {
    p.findings = read_findings_dir(run_dir, p.problems);
    if (builtin.name == "memcheck-xml") read_memcheck_xml(run_dir, builtin, p);
    if (const Problem* bad = first_garbage(p.problems); bad && p.failure.empty())
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
