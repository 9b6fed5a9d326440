// What a journal records about where and with what a run happened, so that a
// coverage table can say which versions it measured.
#pragma once
#include <string>

namespace assay {

std::string host_name();

struct SuiteRevision {
  std::string rev = "unknown";  // git commit of the suite's source tree
  bool dirty = false;           // tracked files changed
};
SuiteRevision suite_revision(const std::string& source_dir);

// "<project version>+<git describe --always --dirty>", or the project version
// alone outside a git checkout. The version of every in-tree backend.
std::string runner_version(const std::string& project_version, const std::string& source_dir);

}  // namespace assay
