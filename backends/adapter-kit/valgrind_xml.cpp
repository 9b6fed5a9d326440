// Valgrind memcheck's XML (protocol 4) of one rank, run with Valgrind's MPI
// wrapper library (libmpiwrap). The wrappers check buffers with client requests,
// reported as ClientCheck errors: "Uninitialised byte(s) found during client
// check request" (data an MPI call is about to read is undefined) and
// "Unaddressable byte(s) found during client check request" (a buffer reaching
// beyond its block). The XML does not name the wrapped call (the wrapper frame
// has no symbol), so the call is read from the case's source line of the
// program's frame. Other memcheck errors whose stack reaches the program are
// findings of no MPI class; errors whose stack never does (MPI's and PMIx's own
// threads) and leak records are not about the program and are left out.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

std::string base(const std::string& p) { return std::filesystem::path(p).filename().string(); }

// The MPI call written on line `line` of `source` (first one), or "".
std::string mpi_call_at(const std::string& source, int line) {
  std::ifstream in(source);
  std::string text;
  for (int n = 1; n <= line && std::getline(in, text); ++n) {
    if (n != line) continue;
    for (std::size_t at = text.find("MPI_"); at != std::string::npos; at = text.find("MPI_", at + 4)) {
      std::size_t end = at + 4;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      std::size_t paren = text.find_first_not_of(" \t", end);
      if (end > at + 4 && paren != std::string::npos && text[paren] == '(') {
        std::string call = text.substr(at, end - at);
        return call;
      }
    }
  }
  return "";
}

bool one_of(const std::string& call, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (call == n) return true;
  return false;
}

// Calls whose buffer libmpiwrap checks as data MPI reads (sends) or memory MPI
// writes (receives); libmpiwrap.c wraps these.
bool sends(const std::string& c) {
  return one_of(c, {"MPI_Send", "MPI_Isend", "MPI_Ssend", "MPI_Issend", "MPI_Bsend", "MPI_Ibsend", "MPI_Rsend",
                    "MPI_Irsend", "MPI_Sendrecv", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather",
                    "MPI_Allgather", "MPI_Scatter", "MPI_Alltoall"});
}
bool receives(const std::string& c) { return one_of(c, {"MPI_Recv", "MPI_Irecv", "MPI_Sendrecv_replace"}); }

std::string class_of(const std::string& message, const std::string& call) {
  if (message.rfind("Uninitialised byte(s) found during client check request", 0) == 0 && sends(call))
    return "mem.send.uninitialized";
  if (message.rfind("Unaddressable byte(s) found during client check request", 0) == 0) {
    if (receives(call)) return "mem.recv.overrun";
    if (sends(call)) return "mem.send.overrun";
  }
  return unclassified;
}

// Valgrind writes the document as the run goes; a rank killed at a timeout
// leaves it without its tail. Cut after the last complete top-level record and
// close the root, so the records written are kept; nothing complete: an error.
std::string closed_document(const std::string& text, const std::string& what, std::string* note) {
  if (text.find("</valgrindoutput>") != std::string::npos) return text;
  std::size_t cut = 0;
  for (const char* end : {"</error>", "</status>", "</args>"}) {
    std::size_t at = text.rfind(end);
    if (at != std::string::npos) cut = std::max(cut, at + std::char_traits<char>::length(end));
  }
  if (cut == 0) throw ParseError(what + ": truncated Valgrind XML (no complete record; valgrind did not start?)");
  if (note) *note = what + ": ended early (the rank was killed?); read up to byte " + std::to_string(cut);
  return text.substr(0, cut) + "\n</valgrindoutput>\n";
}

}  // namespace

std::vector<Finding> parse_valgrind_xml(const std::string& text, const std::string& what, int rank,
                                        const std::string& exe, const std::string& source, std::string* note) {
  check_text(text, what, false);
  XmlNode root = parse_xml(closed_document(text, what, note), what);
  if (root.name != "valgrindoutput") throw ParseError(what + ": not Valgrind XML (root <" + root.name + ">)");
  if (root.child_text("protocolversion") != "4")
    throw ParseError(what + ": Valgrind XML protocol '" + root.child_text("protocolversion") + "', expected 4");
  if (root.child_text("tool") != "memcheck") throw ParseError(what + ": not memcheck's output");
  const std::string program = base(exe);
  std::vector<Finding> out;
  for (const XmlNode* e : root.all("error")) {
    const std::string kind = e->child_text("kind");
    if (kind.rfind("Leak_", 0) == 0) continue;
    std::string message = e->child_text("what");
    if (message.empty())
      if (const XmlNode* x = e->child("xwhat")) message = x->child_text("text");
    auto stacks = e->all("stack");
    if (stacks.empty()) continue;
    const XmlNode* at = nullptr;  // the program's innermost frame with a source line
    for (const XmlNode* fr : stacks[0]->all("frame"))
      if (base(fr->child_text("obj")) == program && !fr->child_text("line").empty()) {
        at = fr;
        break;
      }
    if (!at) continue;
    Site site = valgrind_frame_site(*at, rank, "call");
    std::string call = base(site.file) == base(source) ? mpi_call_at(source, site.line) : "";
    if (call.rfind("PMPI_", 0) == 0) call.erase(0, 1);
    if (!call.empty()) site.op = call;
    Finding f;
    f.rank = rank;
    f.error_class = kind == "ClientCheck" ? class_of(message, call) : unclassified;
    f.message = kind + ": " + message + (call.empty() ? "" : " (" + call + ")");
    f.sites.push_back(site);
    // Where the block was allocated, when memcheck says so.
    if (stacks.size() > 1)
      for (const XmlNode* fr : stacks[1]->all("frame"))
        if (base(fr->child_text("obj")) == program && !fr->child_text("line").empty()) {
          f.sites.push_back(valgrind_frame_site(*fr, rank, "alloc"));
          break;
        }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace assay::adapter
