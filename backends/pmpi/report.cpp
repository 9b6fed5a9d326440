// The findings writer: each finding becomes one JSON line in
// $ASSAY_REPORT_DIR/rank-<N>.jsonl (docs/findings.md), flushed at once so it
// survives a later hang or crash, and a human report on stderr.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "runtime.hpp"

namespace assay::pmpi {

namespace {
std::FILE* jsonl = nullptr;
int report_rank = -1;
int errors = 0;

std::string hex(std::uintptr_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(v));
  return buf;
}

const char* kind_name(core::AccessKind k) {
  switch (k) {
    case core::AccessKind::read: return "read";
    case core::AccessKind::write: return "write";
    case core::AccessKind::call: return "call";
  }
  return "call";
}

std::string where(const SourceLine& s) {
  if (s.file.empty()) return "(unknown location)";
  return s.file + ":" + std::to_string(s.line) + (s.function.empty() ? "" : " in " + s.function);
}
}  // namespace

void open_report(int rank) {
  report_rank = rank;
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  if (!dir || !*dir) return;
  std::string path = std::string(dir) + "/rank-" + std::to_string(rank) + ".jsonl";
  jsonl = std::fopen(path.c_str(), "a");
  if (!jsonl) tool_failure(("cannot open " + path).c_str());
}

void close_report() {
  if (errors > 0)
    std::fprintf(stderr, "==ASSAY== rank %d: %d error%s reported by pmpi\n", report_rank, errors,
                 errors == 1 ? "" : "s");
  if (jsonl) std::fclose(jsonl);
  jsonl = nullptr;
  errors = 0;
}

void tool_failure(const char* reason) {
  std::fprintf(stderr, "==ASSAY== pmpi failed: %s\n", reason);
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  if (!dir || !*dir) return;
  std::string path = std::string(dir) + "/tool-failure";
  if (std::FILE* f = std::fopen(path.c_str(), "a")) {
    std::fprintf(f, "pmpi (rank %d): %s\n", report_rank, reason);
    std::fclose(f);
  }
}

void write_finding(const core::Finding& f) {
  ++errors;
  const std::string cls(core::id(f.cls));
  nlohmann::json j = {{"backend", "pmpi"}, {"class", cls}, {"severity", "error"},
                      {"rank", report_rank}, {"message", f.message}};
  nlohmann::json accesses = nlohmann::json::array();
  std::string human = "==ASSAY== ERROR " + cls + " (backend=pmpi, rank " +
                      std::to_string(report_rank) + ")\n==ASSAY==   " + f.message + "\n";
  SourceLine first;
  for (std::size_t i = 0; i < f.accesses.size(); ++i) {
    const core::Access& a = f.accesses[i];
    SourceLine s = symbolize(a.site.pc);
    if (i == 0) first = s;
    nlohmann::json ja = {{"op", a.site.op}, {"kind", kind_name(a.kind)}, {"rank", a.site.rank}};
    if (a.size > 0) {
      ja["addr"] = hex(a.addr);
      ja["size"] = a.size;
    }
    if (!s.file.empty()) {
      ja["file"] = s.file;
      ja["line"] = s.line;
    }
    if (!s.function.empty()) ja["function"] = s.function;
    // Logical times on this rank for memory-access diagrams; 0 = unknown.
    if (a.time) ja["time"] = a.time;
    if (a.end_time) ja["end_time"] = a.end_time;
    ja["stack"] = a.site.pc ? nlohmann::json::array({hex(a.site.pc)}) : nlohmann::json::array();
    accesses.push_back(ja);
    human += std::string("==ASSAY==    ") + (i == 0 ? "at " : "and ") + a.site.op + " by rank " +
             std::to_string(a.site.rank) + ": " + where(s) + "\n";
  }
  j["accesses"] = accesses;
  human += "==ASSAY== SUMMARY: " + cls + " " + where(first) + "\n";
  std::fputs(human.c_str(), stderr);
  std::fflush(stderr);
  if (jsonl) {
    std::fputs((j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n").c_str(), jsonl);
    std::fflush(jsonl);
  }
}

}  // namespace assay::pmpi
