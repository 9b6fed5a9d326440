#include "engine/provenance.hpp"

#include <unistd.h>

#include "exec/process.hpp"

namespace assay {

namespace {
// One line of a command's output, or "" on failure.
std::string command_line_output(const std::vector<std::string>& argv) {
  ExitInfo e;
  std::string out = capture_output(argv, std::chrono::seconds(10), &e);
  if (!e.started || e.exit_code != 0) return "";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}
}  // namespace

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

SuiteRevision suite_revision(const std::string& source_dir) {
  SuiteRevision r;
  std::string rev = command_line_output({"git", "-C", source_dir, "rev-parse", "--short=12", "HEAD"});
  if (rev.empty()) return r;
  r.rev = rev;
  r.dirty = !command_line_output({"git", "-C", source_dir, "status", "--porcelain", "--untracked-files=no"}).empty();
  return r;
}

std::string runner_version(const std::string& project_version, const std::string& source_dir) {
  std::string described = command_line_output({"git", "-C", source_dir, "describe", "--always", "--dirty", "--abbrev=12"});
  return described.empty() ? project_version : project_version + "+" + described;
}

}  // namespace assay
