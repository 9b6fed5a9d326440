#include "findings.hpp"

#include <cstdio>
#include <cstdlib>
#include <set>

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

namespace assay::stat {
namespace {

struct Location {
  std::string file;
  unsigned line = 0;
  std::string function;
};

Location location(const llvm::Instruction* at) {
  Location loc;
  loc.function = at->getFunction()->getName().str();
  if (const llvm::DILocation* dl = at->getDebugLoc().get()) {
    // The innermost inlined location is the source line of the call.
    std::string file = dl->getFilename().str();
    if (!file.empty() && file[0] != '/' && !dl->getDirectory().empty())
      file = dl->getDirectory().str() + "/" + file;
    loc.file = file;
    loc.line = dl->getLine();
  }
  return loc;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string json_line(const Finding& f) {
  std::string out = "{\"backend\":\"static\",\"class\":" + json_string(f.klass) +
                    ",\"severity\":\"error\",\"rank\":-1,\"message\":" + json_string(f.message) + ",\"accesses\":[";
  for (std::size_t i = 0; i < f.sites.size(); ++i) {
    Location loc = location(f.sites[i].at);
    if (i) out += ",";
    out += "{\"op\":" + json_string(f.sites[i].op) + ",\"kind\":" + json_string(f.sites[i].kind);
    if (loc.line) out += ",\"file\":" + json_string(loc.file) + ",\"line\":" + std::to_string(loc.line);
    out += ",\"function\":" + json_string(loc.function) + "}";
  }
  return out + "]}\n";
}

void fail(const std::string& dir, const std::string& reason) {
  llvm::errs() << "==ASSAY== static: " << reason << "\n";
  if (FILE* f = std::fopen((dir + "/tool-failure").c_str(), "a")) {
    std::fputs((reason + "\n").c_str(), f);
    std::fclose(f);
  }
}

}  // namespace

std::string where(const llvm::Instruction* at) {
  Location loc = location(at);
  return loc.line ? loc.file + ":" + std::to_string(loc.line) : std::string("?");
}

void write_findings(const std::vector<Finding>& findings) {
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  FILE* out = nullptr;
  if (dir && *dir) {
    out = std::fopen((std::string(dir) + "/static.jsonl").c_str(), "a");
    if (!out) fail(dir, std::string("cannot open ") + dir + "/static.jsonl for appending");
  }
  std::set<std::string> seen;
  for (const Finding& f : findings) {
    std::string key = f.klass;
    for (const Site& s : f.sites) key += " " + where(s.at);
    if (!seen.insert(key).second) continue;
    llvm::errs() << "==ASSAY== ERROR " << f.klass << " (backend=static)\n  " << f.message << "\n";
    for (const Site& s : f.sites)
      llvm::errs() << "    " << s.op << " at " << where(s.at) << " in " << s.at->getFunction()->getName() << "\n";
    if (!f.sites.empty()) llvm::errs() << "SUMMARY: " << f.klass << " " << where(f.sites.front().at) << "\n";
    if (out) std::fputs(json_line(f).c_str(), out);
  }
  if (out && std::fclose(out) != 0) fail(dir, std::string("cannot write ") + dir + "/static.jsonl");
}

}  // namespace assay::stat
