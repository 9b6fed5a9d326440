// assay-parse: the parse command of the external-tool adapters (docs/backends.md,
// "Parse"). Reads a tool's output from the run folder and writes findings JSONL
// on stdout. Output that cannot be trusted: exit 2 with the reason on stderr, and
// the runner records TF. Notes (a file cut short by a kill) go to stderr.
//   assay-parse clang RUN_DIR                          (RUN_DIR/*.plist)
//   assay-parse valgrind RUN_DIR NP EXE SOURCE         (RUN_DIR/vg-<rank>.xml)
//   assay-parse mpi-errcheck RUN_DIR SOURCE            (RUN_DIR/stdout, stderr; may be empty)
//   assay-parse must RUN_DIR                           (RUN_DIR/stdout + stderr: MUST's console)
//   assay-parse must-json FILE                         (MUST_Output.json)
//   assay-parse parcoach RUN_DIR                       (parcoach-db*.json, check-rma*.txt)
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "adapter.hpp"

namespace fs = std::filesystem;
using namespace assay::adapter;

namespace {

struct Usage {};

int usage() {
  std::cerr << "usage: assay-parse clang RUN_DIR | valgrind RUN_DIR NP EXE SOURCE | mpi-errcheck RUN_DIR SOURCE |"
               " must RUN_DIR | must-json FILE | parcoach RUN_DIR\n";
  return 64;
}

// Files of `dir` named PREFIX*SUFFIX, sorted.
std::vector<std::string> files_in(const std::string& dir, const std::string& prefix, const std::string& suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.size() >= prefix.size() + suffix.size() && name.rfind(prefix, 0) == 0 &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The console of a run: the runner's stdout and stderr files (either may be
// empty), then the ranks' own stderr files `stderr-rank-N` where the manifest
// has each rank write its stderr itself (mpi-errcheck on MPICH: Hydra may drop
// the last output of a rank that aborts).
std::string console(const std::string& dir) {
  std::string text = read_input(dir + "/stdout", true) + read_input(dir + "/stderr", true);
  for (const auto& f : files_in(dir, "stderr-rank-", "")) text += read_input(f, true);
  return text;
}

std::vector<Finding> run(const std::string& tool, const std::vector<std::string>& a) {
  std::vector<Finding> out;
  auto append = [&out](std::vector<Finding> more) {
    for (auto& f : more) out.push_back(std::move(f));
  };
  if (tool == "clang" && a.size() == 1) {
    auto plists = files_in(a[0], "", ".plist");
    if (plists.empty()) throw ParseError(a[0] + ": no .plist (the analyzer wrote nothing)");
    for (const auto& p : plists) append(parse_clang_plist(read_input(p), p));
    return out;
  }
  if (tool == "valgrind" && a.size() == 4) {
    char* end = nullptr;
    long np = std::strtol(a[1].c_str(), &end, 10);
    if (*end != '\0' || np < 1 || np > 4096) throw ParseError("bad number of ranks '" + a[1] + "'");
    for (int rank = 0; rank < static_cast<int>(np); ++rank) {
      std::string file = a[0] + "/vg-" + std::to_string(rank) + ".xml", note;
      append(parse_valgrind_xml(read_input(file), file, rank, a[2], a[3], &note));
      if (!note.empty()) std::cerr << "assay-parse valgrind: " << note << '\n';
    }
    return out;
  }
  if (tool == "mpi-errcheck" && a.size() == 2) return parse_mpi_errors(console(a[0]), a[1]);
  if (tool == "must" && a.size() == 1) return parse_must_text(console(a[0]), a[0] + "/stdout+stderr");
  if (tool == "must-json" && a.size() == 1) return parse_must_json(read_input(a[0]), a[0]);
  if (tool == "parcoach" && a.size() == 1) {
    auto dbs = files_in(a[0], "parcoach-db", ".json");
    if (dbs.empty()) throw ParseError(a[0] + ": no parcoach-db*.json (PARCOACH wrote nothing)");
    for (const auto& p : dbs) append(parse_parcoach_db(read_input(p), p));
    for (const auto& p : files_in(a[0], "check-rma", ".txt")) append(parse_parcoach_rma(read_input(p), p));
    return out;
  }
  throw Usage{};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  std::vector<std::string> args(argv + 2, argv + argc);
  const char* backend = std::getenv("ASSAY_BACKEND");
  try {
    for (const auto& f : run(argv[1], args)) std::cout << to_json(f, backend ? backend : argv[1]).dump() << '\n';
  } catch (const Usage&) {
    return usage();
  } catch (const std::exception& e) {
    std::cerr << "assay-parse " << argv[1] << ": " << e.what() << '\n';
    return 2;
  }
  std::cout.flush();
  return std::cout ? 0 : 3;
}
