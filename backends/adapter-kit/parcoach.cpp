// PARCOACH's static checks:
//  -check=mpi --analysis-db=FILE: {"issues": [{ruleId, primaryLocation: {filePath,
//     message, textRange: {startLine}}, secondaryLocations: [...]}]}. The
//     mpiCollective rule ("MPI_X may not be called by all MPI processes") cannot
//     tell a collective skipped on some ranks from collectives in different
//     orders, so it reports the group coll.order.
//  -check=rma console: "LocalConcurrency detected: conflit with the following
//     instructions:" then two LLVM instructions, each "... - LINE L in f.c",
//     separated by "AND". A complete console ends with its STATISTICS section.
#include <regex>
#include <sstream>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

using nlohmann::json;

Site site_of(const json& loc, const std::string& op) {
  Site s;
  s.op = op;
  if (!loc.is_object()) return s;
  s.file = loc.value("filePath", "");
  const json range = loc.value("textRange", json::object());
  if (range.is_object() && range.contains("startLine") && range["startLine"].is_number_integer())
    s.line = range["startLine"].get<int>();
  return s;
}

}  // namespace

std::vector<Finding> parse_parcoach_db(const std::string& text, const std::string& what) {
  const json doc = parse_json_with_array(text, what, "issues", "a PARCOACH analysis db");
  std::vector<Finding> out;
  static const std::regex call(R"(^(MPI_\w+))");
  for (const auto& issue : doc["issues"]) {
    if (!issue.is_object() || !issue.contains("primaryLocation"))
      throw ParseError(what + ": an issue without primaryLocation");
    Finding f;
    f.error_class = issue.value("ruleId", "") == "mpiCollective" ? "coll.order" : unclassified;
    const json primary = issue["primaryLocation"];
    f.message = primary.is_object() ? primary.value("message", "") : "";
    std::smatch m;
    f.sites.push_back(site_of(primary, std::regex_search(f.message, m, call) ? m[1].str() : "call"));
    for (const auto& loc : issue.value("secondaryLocations", json::array())) {
      Site s = site_of(loc, "condition");
      if (s.line > 0) f.message += "; line " + std::to_string(s.line) + ": " + loc.value("message", "");
      f.sites.push_back(s);
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<Finding> parse_parcoach_rma(const std::string& text, const std::string& what) {
  check_text(text, what, false);
  if (text.find("PARCOACH ANALYSIS") == std::string::npos)
    throw ParseError(what + ": not PARCOACH -check=rma output");
  if (text.find("=== STATISTICS ===") == std::string::npos || text.find("LOAD/STORE STATISTICS") == std::string::npos)
    throw ParseError(what + ": truncated (no STATISTICS section)");
  static const std::regex at(R"(^\s*(.*) - LINE (\d+) in (\S+)\s*$)");
  static const std::regex mpi(R"(@(MPI_\w+)\()");
  std::vector<Finding> out;
  std::istringstream in(text);
  std::string line;
  std::vector<Site> pending;  // instructions of the current conflict
  bool in_conflict = false;
  auto flush = [&] {
    if (!in_conflict) return;
    if (pending.size() != 2) throw ParseError(what + ": a LocalConcurrency report without its two instructions");
    auto has = [&](std::initializer_list<const char*> ops) {
      for (const auto& s : pending)
        for (const char* o : ops)
          if (s.op == o) return true;
      return false;
    };
    bool local = has({"load", "store"});
    Finding f;
    f.error_class = "rma.local";
    if (has({"store"}) && has({"MPI_Put", "MPI_Rput", "MPI_Accumulate", "MPI_Raccumulate"}))
      f.error_class = "rma.local.origin-write-during-put";
    else if (local && has({"MPI_Get", "MPI_Rget"}))
      f.error_class = "rma.local.origin-access-during-get";
    f.message = "LocalConcurrency: " + pending[0].op + " line " + std::to_string(pending[0].line) + " conflicts with " +
                pending[1].op + " line " + std::to_string(pending[1].line);
    f.sites = pending;
    out.push_back(std::move(f));
    pending.clear();
    in_conflict = false;
  };
  while (std::getline(in, line)) {
    if (line.size() > 8192) continue;
    if (line.find("LocalConcurrency detected") != std::string::npos) {
      flush();
      in_conflict = true;
      continue;
    }
    std::smatch m;
    if (in_conflict && std::regex_match(line, m, at)) {
      std::string instr = m[1].str();
      Site s;
      s.line = m[2].length() > 9 ? 0 : std::stoi(m[2].str());
      s.file = m[3].str();
      std::smatch c;
      if (std::regex_search(instr, c, mpi)) s.op = c[1].str();
      else if (instr.find("store ") != std::string::npos) s.op = "store", s.kind = "write";
      else if (instr.find(" load ") != std::string::npos || instr.rfind("load ", 0) == 0) s.op = "load", s.kind = "read";
      else s.op = "instruction";
      pending.push_back(s);
    } else if (in_conflict && line.find("AND") == std::string::npos && line.find("done") != std::string::npos) {
      flush();
    }
  }
  flush();
  return out;
}

}  // namespace assay::adapter
