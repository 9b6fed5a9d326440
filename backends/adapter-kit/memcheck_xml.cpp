// Valgrind memcheck's XML (protocol 4) of one rank run with the memcheck
// backend's shim (backends/memcheck/shim.cpp), read in document order:
//
//  - <clientmsg> "ASSAY-PROTECT <class> <op> <addr> <len>" (with the stack of
//    the MPI call that protected the range) and "ASSAY-UNPROTECT <addr> <len>":
//    the ranges the shim made no-access, and the class an access to them is;
//  - <error>: an invalid read or write inside a range protected at that point
//    of the document is that range's class, naming the access and the MPI
//    call; an uninitialised value whose origin (--track-origins=yes) is the
//    shim's assay_memcheck_unset_error_field() is
//    mem.status.undefined-error-field, naming the use and the MPI call whose
//    status it was; any other error of the program is a finding of no class.
//
// An error belongs to the program when the innermost frame outside libc, the
// dynamic loader and valgrind's preloads is the program's (`exe`); errors MPI's
// own code raises (its progress engine writing into a protected receive
// buffer, PMIx's helper threads) are not findings. Leak records are left out.
//
// A document that does not end with </valgrindoutput> is untrustworthy
// (ParseError) unless the run ended abnormally (`abnormal_end`: a timeout, a
// crash, a non-zero exit; then a rank killed mid-write is normal), when the
// complete records before the cut are kept.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

std::string base(const std::string& p) { return std::filesystem::path(p).filename().string(); }

// Objects whose frames are not anyone's own code: the C library, the dynamic
// loader and valgrind's preloaded replacements (memcpy, malloc, ...).
bool transparent(const std::string& obj) {
  const std::string b = base(obj);
  return b.rfind("vgpreload_", 0) == 0 || b.rfind("libc.so", 0) == 0 || b.rfind("ld-linux", 0) == 0 ||
         b.rfind("libc-", 0) == 0;
}

// The program's innermost frame with a source line in `stack`, or null.
const XmlNode* program_frame(const XmlNode* stack, const std::string& program) {
  if (!stack) return nullptr;
  for (const XmlNode* fr : stack->all("frame"))
    if (base(fr->child_text("obj")) == program && !fr->child_text("line").empty()) return fr;
  return nullptr;
}

// Whether the error is the program's own: its innermost non-transparent frame
// is in the program.
bool programs_own(const XmlNode* stack, const std::string& program) {
  if (!stack) return false;
  for (const XmlNode* fr : stack->all("frame")) {
    const std::string obj = fr->child_text("obj");
    if (transparent(obj)) continue;
    return base(obj) == program;
  }
  return false;
}

bool has_function(const XmlNode* stack, const std::string& fn) {
  if (!stack) return false;
  for (const XmlNode* fr : stack->all("frame"))
    if (fr->child_text("fn") == fn) return true;
  return false;
}

struct Range {
  unsigned long long lo = 0, hi = 0;
  std::string cls, op;
  const XmlNode* stack = nullptr;
};

unsigned long long hex_value(const std::string& s, const std::string& what) {
  char* end = nullptr;
  unsigned long long v = std::strtoull(s.c_str(), &end, 16);
  if (s.empty() || !end || *end != '\0') throw ParseError(what + ": bad address '" + s + "' in an ASSAY client message");
  return v;
}

// The address an invalid access touched: "Address 0x... is ..." in auxwhat.
bool access_address(const XmlNode& e, unsigned long long* addr) {
  for (const XmlNode* a : e.all("auxwhat")) {
    const std::string& t = a->text;
    if (t.rfind("Address 0x", 0) != 0) continue;
    *addr = std::strtoull(t.c_str() + 8, nullptr, 16);
    return true;
  }
  return false;
}

std::string error_text(const XmlNode& e) {
  std::string message = e.child_text("what");
  if (message.empty())
    if (const XmlNode* x = e.child("xwhat")) message = x->child_text("text");
  return message;
}

}  // namespace

std::vector<Finding> parse_memcheck_xml(const std::string& text, const std::string& what, int rank,
                                        const std::string& exe, bool abnormal_end, std::string* note) {
  check_text(text, what, false);
  std::string doc = text;
  if (text.find("</valgrindoutput>") == std::string::npos) {
    if (!abnormal_end)
      throw ParseError(what + ": truncated memcheck XML (no </valgrindoutput>, " + std::to_string(text.size()) +
                       " bytes): valgrind did not finish and the run ended normally");
    std::size_t cut = 0;
    for (const char* end : {"</error>", "</clientmsg>", "</status>", "</args>"}) {
      std::size_t at = text.rfind(end);
      if (at != std::string::npos) cut = std::max(cut, at + std::char_traits<char>::length(end));
    }
    if (cut == 0) throw ParseError(what + ": truncated memcheck XML (no complete record)");
    if (note) *note = what + ": the run ended abnormally; read up to byte " + std::to_string(cut);
    doc = text.substr(0, cut) + "\n</valgrindoutput>\n";
  }
  XmlNode root = parse_xml(doc, what);
  if (root.name != "valgrindoutput") throw ParseError(what + ": not Valgrind XML (root <" + root.name + ">)");
  if (root.child_text("protocolversion") != "4")
    throw ParseError(what + ": Valgrind XML protocol '" + root.child_text("protocolversion") + "', expected 4");
  if (root.child_text("tool") != "memcheck") throw ParseError(what + ": not memcheck's output");
  const std::string program = base(exe);
  std::vector<Range> ranges;
  std::vector<Finding> out;
  for (const XmlNode& node : root.children) {
    if (node.name == "clientmsg") {
      std::istringstream in(node.child_text("text"));
      std::string word;
      in >> word;
      if (word == "ASSAY-PROTECT") {
        Range r;
        std::string addr;
        long long len = -1;
        in >> r.cls >> r.op >> addr >> len;
        // The classes and calls the shim announces (backends/memcheck/shim.cpp,
        // protect's callers); anything else is a garbled message.
        const bool known_class = r.cls == "nb.buffer.recv-access";
        const bool known_op = r.op == "MPI_Irecv" || r.op == "MPI_Imrecv" || r.op == "MPI_Start" || r.op == "MPI_Startall";
        if (!known_class || !known_op || len < 0)
          throw ParseError(what + ": malformed ASSAY-PROTECT message '" + node.child_text("text") + "'");
        r.lo = hex_value(addr, what);
        r.hi = r.lo + static_cast<unsigned long long>(len);
        r.stack = node.child("stack");
        ranges.push_back(r);
      } else if (word == "ASSAY-UNPROTECT") {
        std::string addr;
        in >> addr;
        unsigned long long lo = hex_value(addr, what);
        ranges.erase(std::remove_if(ranges.begin(), ranges.end(), [&](const Range& r) { return r.lo == lo; }),
                     ranges.end());
      }
      continue;
    }
    if (node.name != "error") continue;
    const XmlNode& e = node;
    const std::string kind = e.child_text("kind");
    if (kind.rfind("Leak_", 0) == 0) continue;
    auto stacks = e.all("stack");
    if (stacks.empty() || !programs_own(stacks[0], program)) continue;
    const XmlNode* at = program_frame(stacks[0], program);
    if (!at) continue;
    Finding f;
    f.rank = rank;
    f.error_class = unclassified;
    f.message = kind + ": " + error_text(e);
    unsigned long long addr = 0;
    if ((kind == "InvalidRead" || kind == "InvalidWrite") && access_address(e, &addr)) {
      const std::string op = kind == "InvalidRead" ? "load" : "store";
      f.sites.push_back(valgrind_frame_site(*at, rank, op, kind == "InvalidRead" ? "read" : "write"));
      for (auto r = ranges.rbegin(); r != ranges.rend(); ++r) {
        if (addr < r->lo || addr >= r->hi) continue;
        f.error_class = r->cls;
        f.message += " (buffer of a pending " + r->op + ")";
        if (const XmlNode* c = program_frame(r->stack, program)) f.sites.push_back(valgrind_frame_site(*c, rank, r->op, "call"));
        break;
      }
    } else {
      f.sites.push_back(valgrind_frame_site(*at, rank, "load", "read"));
      // The origin of an undefined value (--track-origins=yes): the second stack.
      if (stacks.size() > 1 && has_function(stacks[1], "assay_memcheck_unset_error_field")) {
        f.error_class = "mem.status.undefined-error-field";
        f.message += " (status.MPI_ERROR, which the MPI call does not set)";
        if (const XmlNode* c = program_frame(stacks[1], program)) f.sites.push_back(valgrind_frame_site(*c, rank, "call", "call"));
      }
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace assay::adapter
