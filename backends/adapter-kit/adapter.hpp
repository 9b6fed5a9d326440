// The parsers of the external-tool adapters: each reads one tool's native output
// and returns findings (docs/findings.md), classed by what the tool's message
// means in MPI terms. Input that cannot be trusted (missing, empty where the tool
// always writes something, binary, oversized, malformed) throws ParseError with a
// message naming the file and the reason; assay-parse turns it into exit status 2
// and the runner into TF. Output cut short by a kill (the run timed out) keeps
// the complete records and drops the torn tail, as the runner does for JSONL.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace assay::adapter {

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The class of a diagnostic no taxonomy class describes: still a finding (a
// detection of the wrong class, or a false alarm), never dropped.
inline constexpr const char* unclassified = "unclassified";

inline constexpr std::size_t default_max_bytes = std::size_t{64} << 20;

// Reads a tool's output file. Throws ParseError when it is missing, cannot be
// read, is larger than max_bytes, looks binary, or is empty (unless allow_empty).
std::string read_input(const std::string& path, bool allow_empty = false, std::size_t max_bytes = default_max_bytes);
// The same checks on text already in memory; `name` names it in messages.
void check_text(const std::string& text, const std::string& name, bool allow_empty,
                std::size_t max_bytes = default_max_bytes);
// A JSON document whose top-level object holds an array under `key` (MUST's
// messages, PARCOACH's issues); `tool` names the expected producer in messages.
nlohmann::json parse_json_with_array(const std::string& text, const std::string& what, const std::string& key,
                                     const std::string& tool);

struct Site {
  std::string op = "call";  // MPI call name, "call" when unknown, or load/store
  std::string kind = "call";
  int rank = -1;
  std::string file;
  int line = 0;
  std::string function;
};

struct Finding {
  std::string error_class;
  std::string message;
  int rank = -1;
  std::string severity = "error";
  std::vector<Site> sites;
};

nlohmann::json to_json(const Finding& f, const std::string& backend);

// Lines of `source` (1-based) on which `call(` is written; empty when the file
// cannot be read. Used to locate a tool's report that names the call but no line.
std::vector<int> lines_calling(const std::string& source, const std::string& call);

// --- XML (just enough for plists and Valgrind's XML protocol) -------------------------
struct XmlNode {
  std::string name;
  std::string text;  // character data directly inside, entities decoded
  std::vector<XmlNode> children;
  const XmlNode* child(const std::string& n) const;
  std::vector<const XmlNode*> all(const std::string& n) const;
  std::string child_text(const std::string& n) const;  // "" when absent
};
// Throws ParseError naming `what` for malformed or truncated documents.
XmlNode parse_xml(const std::string& text, const std::string& what);
// A Valgrind XML <frame> as a site: its dir/file, line and function.
Site valgrind_frame_site(const XmlNode& frame, int rank, const std::string& op, const std::string& kind = "call");

// --- one parser per tool ---------------------------------------------------------------------
// clang --analyze plist (-o file.plist); only optin.mpi.MPI-Checker diagnostics count.
std::vector<Finding> parse_clang_plist(const std::string& text, const std::string& what);

// Valgrind memcheck XML of one rank run with libmpiwrap. `exe` is the program
// (its frames are the program's), `source` the case file (its lines name the
// MPI call, which the XML does not). `note` receives why the file ended early.
std::vector<Finding> parse_valgrind_xml(const std::string& text, const std::string& what, int rank,
                                        const std::string& exe, const std::string& source, std::string* note = nullptr);

// Valgrind memcheck XML of one rank run with the memcheck backend's shim
// (memcheck_xml.cpp): its ASSAY-PROTECT/UNPROTECT client messages and the
// errors of the program's own code. A document without its closing tag is a
// ParseError unless `abnormal_end` (the run timed out, crashed or exited
// non-zero, so a rank may have been killed mid-write: the complete records are
// kept, `note` says where it was cut).
std::vector<Finding> parse_memcheck_xml(const std::string& text, const std::string& what, int rank,
                                        const std::string& exe, bool abnormal_end, std::string* note = nullptr);

// The console of a native run (stdout + stderr): the MPI library's own error
// messages (Open MPI and MPICH). `source` locates a call named once in the case.
std::vector<Finding> parse_mpi_errors(const std::string& text, const std::string& source);

// MUST's console (mustrun --must:output stdout): [MUST-REPORT] errors with
// their references (file:line), and ThreadSanitizer races of --must:rma runs.
std::vector<Finding> parse_must_text(const std::string& text, const std::string& what);
// MUST's MUST_Output.json (--must:output json): error ids, no source lines.
std::vector<Finding> parse_must_json(const std::string& text, const std::string& what);

// PARCOACH: the --analysis-db JSON of -check=mpi, and the console of -check=rma.
std::vector<Finding> parse_parcoach_db(const std::string& text, const std::string& what);
std::vector<Finding> parse_parcoach_rma(const std::string& text, const std::string& what);

}  // namespace assay::adapter
