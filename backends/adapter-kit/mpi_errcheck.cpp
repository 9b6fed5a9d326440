// MPI's own error checking, read from the console of a native run. Two formats:
//   Open MPI:  [host:pid] *** An error occurred in MPI_Bcast
//              [host:pid] *** reported by process [3473014785,1]
//              [host:pid] *** MPI_ERR_ROOT: invalid root
//              [host:pid] *** The MPI_Comm_rank() function was called after MPI_FINALIZE was invoked.
//   MPICH:     Abort(...) on node 1 (rank 1 in comm 0): Fatal error in internal_Bcast: Invalid root, error stack:
//              Attempting to use an MPI routine (internal_Comm_rank) before initializing or after finalizing MPICH
// Mapped conservatively: an error class only where the message says what the
// taxonomy class means; any other MPI error is a finding of no class.
#include <map>
#include <regex>
#include <sstream>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

bool collective(const std::string& call) {  // blocking or not: MPI_Bcast, MPI_Ibcast
  static const std::regex c(
      "MPI_I?(barrier|bcast|reduce|allreduce|gatherv?|allgatherv?|scatterv?|alltoall[vw]?|reduce_scatter(_block)?|"
      "scan|exscan)",
      std::regex::icase);
  return std::regex_match(call, c);
}

bool point_to_point(const std::string& call) {  // MPI_Send, MPI_Ibsend, MPI_Recv_init, MPI_Improbe, ...
  static const std::regex c("MPI_(I?[bsr]?send|I?recv|sendrecv(_replace)?|I?m?probe|I?mrecv|[bsr]?send_init|recv_init)",
                            std::regex::icase);
  return std::regex_match(call, c);
}

bool one_sided(const std::string& call) {
  static const std::regex c(R"(MPI_(R?(Put|Get|Accumulate|Get_accumulate)|Fetch_and_op|Compare_and_swap|Win_\w+))");
  return std::regex_match(call, c);
}

// An MPI error (code name as Open MPI prints it) in `call` -> class.
std::string class_of(const std::string& code, const std::string& call) {
  // "Message truncated": in a collective, the ranks' type signatures differ
  // (MPI-3.1 §5.1 requires them to match); elsewhere a receive too small.
  if (code == "MPI_ERR_TRUNCATE") return collective(call) ? "coll.arg.type-mismatch" : "nb.buffer.truncation";
  // Freeing a window is erroneous before the process's RMA involvement in it is
  // complete (MPI-3.1 11.2.5), so a synchronisation error there says which.
  if (code == "MPI_ERR_RMA_SYNC") return call == "MPI_Win_free" ? "rma.window.free-with-epoch" : "rma.sync";
  // "Target memory is not part of the window (in the case of a window created
  // with MPI_WIN_CREATE_DYNAMIC, target memory is not attached)" (MPI-3.1 8.4):
  // out of bounds or unattached, the group only.
  if (code == "MPI_ERR_RMA_RANGE") return "rma.window";
  if (code == "MPI_ERR_WIN") return "rma.window.invalid";
  if (collective(call) && (code == "MPI_ERR_ROOT" || code == "MPI_ERR_OP" || code == "MPI_ERR_COMM" ||
                           code == "MPI_ERR_TYPE" || code == "MPI_ERR_BUFFER" || code == "MPI_ERR_COUNT" ||
                           code == "MPI_ERR_ARG"))
    return "coll.arg.invalid";
  if (one_sided(call) && (code == "MPI_ERR_RANK" || code == "MPI_ERR_ARG" || code == "MPI_ERR_COUNT" ||
                          code == "MPI_ERR_TYPE" || code == "MPI_ERR_OP" || code == "MPI_ERR_LOCKTYPE" ||
                          code == "MPI_ERR_ASSERT" || code == "MPI_ERR_DISP" || code == "MPI_ERR_SIZE"))
    return "rma.arg.invalid";
  if (point_to_point(call) && (code == "MPI_ERR_COMM" || code == "MPI_ERR_RANK" || code == "MPI_ERR_TAG" ||
                               code == "MPI_ERR_COUNT" || code == "MPI_ERR_TYPE" || code == "MPI_ERR_ARG" ||
                               code == "MPI_ERR_BUFFER"))
    return "nb.arg.invalid";
  return unclassified;
}

// MPICH's error class texts (src/mpi/errhan/errnames.txt) -> the code names above.
std::string mpich_code(const std::string& text) {
  static const std::map<std::string, std::string> codes = {
      {"Message truncated", "MPI_ERR_TRUNCATE"},   {"Invalid root", "MPI_ERR_ROOT"},
      {"Invalid MPI_Op", "MPI_ERR_OP"},            {"Invalid communicator", "MPI_ERR_COMM"},
      {"Invalid datatype", "MPI_ERR_TYPE"},        {"Invalid buffer pointer", "MPI_ERR_BUFFER"},
      {"Wrong synchronization of RMA calls", "MPI_ERR_RMA_SYNC"},
      {"Invalid MPI_Win", "MPI_ERR_WIN"},          {"Target memory is not part of the window", "MPI_ERR_RMA_RANGE"},
      {"Invalid rank", "MPI_ERR_RANK"},            {"Invalid argument", "MPI_ERR_ARG"},
      {"Invalid count", "MPI_ERR_COUNT"},          {"Invalid locktype argument", "MPI_ERR_LOCKTYPE"},
      {"Invalid assert argument", "MPI_ERR_ASSERT"},
      {"Invalid displacement argument in RMA call", "MPI_ERR_DISP"},
      {"Invalid size argument in RMA call", "MPI_ERR_SIZE"},
      {"Invalid tag", "MPI_ERR_TAG"},
  };
  auto it = codes.find(text);
  return it == codes.end() ? "" : it->second;
}

std::string mpi_name(std::string function) {  // internal_Bcast, PMPI_Bcast, MPIR_Bcast -> MPI_Bcast
  for (const char* prefix : {"internal_", "PMPI_", "MPIR_", "MPI_"})
    if (function.rfind(prefix, 0) == 0) return "MPI_" + function.substr(std::char_traits<char>::length(prefix));
  return function;
}

// MPI names the call but not the line: the finding is located only when the
// case writes that call on exactly one line.
Finding finding(const std::string& cls, const std::string& message, int rank, const std::string& call,
                const std::string& source) {
  Finding f;
  f.error_class = cls;
  f.message = message;
  f.rank = rank;
  if (call.empty()) return f;
  Site s{call, "call", rank, "", 0, ""};
  std::vector<int> lines = lines_calling(source, call);
  if (lines.size() == 1) s.file = source, s.line = lines[0];
  f.sites.push_back(s);
  return f;
}

}  // namespace

std::vector<Finding> parse_mpi_errors(const std::string& text, const std::string& source) {
  check_text(text, "the console", true);
  static const std::regex ompi_in(R"(^(\[[^\]]*\]) \*\*\* An error occurred in (\w+))");
  static const std::regex ompi_rank(R"(^(\[[^\]]*\]) \*\*\* reported by process \[\d+,(\d+)\])");
  static const std::regex ompi_code(R"(^(\[[^\]]*\]) \*\*\* (MPI_ERR_\w+): (.*))");
  static const std::regex ompi_lifecycle(
      R"(\*\*\* The (MPI_\w+)\(\) function was called (before MPI_INIT|after MPI_FINALIZE) was invoked)");
  static const std::regex mpich_fatal(
      R"(Abort\(\d+\) on node \d+ \(rank (\d+) in comm \d+\): Fatal error in (\w+): ([^,]*), error stack:)");
  static const std::regex mpich_lifecycle(
      R"(Attempting to use an MPI routine \((\w+)\) before initializing or after finalizing MPICH)");
  struct Pending {
    std::string call;
    int rank = -1;
  };
  std::map<std::string, Pending> pending;  // Open MPI, per [host:pid] prefix
  std::vector<Finding> out;
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    // MPI error lines are short; std::regex recurses per character, so long lines
    // (program output) are not searched.
    if (line.size() > 4096) continue;
    if (line.find("***") == std::string::npos && line.find("Abort(") == std::string::npos &&
        line.find("Attempting") == std::string::npos)
      continue;
    if (std::regex_search(line, m, ompi_in)) {
      pending[m[1]] = {m[2], -1};
    } else if (std::regex_search(line, m, ompi_rank)) {
      pending[m[1]].rank = std::stoi(m[2]);
    } else if (std::regex_search(line, m, ompi_code)) {
      const Pending p = pending[m[1]];
      out.push_back(finding(class_of(m[2], p.call), p.call + ": " + m[2].str() + ": " + m[3].str(), p.rank, p.call, source));
    } else if (std::regex_search(line, m, ompi_lifecycle)) {
      out.push_back(finding("res.lifecycle.call-outside-init", m[1].str() + " called " + m[2].str() + " was invoked",
                            -1, m[1], source));
    } else if (std::regex_search(line, m, mpich_fatal)) {
      std::string call = mpi_name(m[2]);
      std::string error = m[3].str();
      error.erase(error.find_last_not_of(' ') + 1);  // "Wrong synchronization of RMA calls , error stack"
      std::string code = mpich_code(error);
      out.push_back(finding(code.empty() ? unclassified : class_of(code, call), call + ": " + error,
                            std::stoi(m[1]), call, source));
    } else if (std::regex_search(line, m, mpich_lifecycle)) {
      std::string call = mpi_name(m[1]);
      out.push_back(finding("res.lifecycle.call-outside-init", call + " called before MPI_Init or after MPI_Finalize",
                            -1, call, source));
    }
  }
  return out;
}

}  // namespace assay::adapter
