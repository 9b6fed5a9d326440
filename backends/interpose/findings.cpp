#include "assay/interpose/findings.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "assay/interpose/interpose.hpp"
#include "assay/interpose/sites.hpp"

namespace assay::interpose {

namespace {
struct Writer {
  std::mutex m;
  std::FILE* jsonl = nullptr;
  int rank = -1;
  int errors = 0;
};
Writer& writer() {
  static auto* w = new Writer;  // never destroyed: hooks may run during exit
  return *w;
}

std::string backend_name() {
  if (const char* b = std::getenv("ASSAY_BACKEND"); b && *b) return b;
  return checkers().empty() ? "unknown" : checkers().front()->name;
}

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

std::FILE* open_for(int rank) {
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  if (!dir || !*dir) return nullptr;
  std::string path = std::string(dir) + "/rank-" + std::to_string(rank) + ".jsonl";
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) tool_failure(("cannot open " + path).c_str());
  return f;
}
}  // namespace

void open_findings(int rank) noexcept {
  Writer& w = writer();
  std::lock_guard lock(w.m);
  w.rank = rank;
  if (!w.jsonl) w.jsonl = open_for(rank);
}

void close_findings() noexcept {
  Writer& w = writer();
  std::lock_guard lock(w.m);
  if (w.errors > 0)
    std::fprintf(stderr, "==ASSAY== rank %d: %d error%s reported by %s\n", w.rank, w.errors, w.errors == 1 ? "" : "s",
                 backend_name().c_str());
  if (w.jsonl) std::fclose(w.jsonl);
  w.jsonl = nullptr;
  w.errors = 0;
}

void tool_failure(const char* reason) noexcept {
  const std::string name = backend_name();
  std::fprintf(stderr, "==ASSAY== %s failed: %s\n", name.c_str(), reason);
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  if (!dir || !*dir) return;
  std::string path = std::string(dir) + "/tool-failure";
  if (std::FILE* f = std::fopen(path.c_str(), "a")) {
    std::fprintf(f, "%s (rank %d): %s\n", name.c_str(), world_rank(), reason);
    std::fclose(f);
  }
}

void report(const core::Finding& f) noexcept {
  Writer& w = writer();
  {
    std::lock_guard lock(w.m);
    // Outside MPI's lifetime the file is closed: open it for this finding,
    // which must be on disk before MPI aborts on the call.
    const bool transient = !w.jsonl;
    if (transient) w.jsonl = open_for(world_rank());
    ++w.errors;
    const std::string cls(core::id(f.cls));
    const std::string backend = backend_name();
    const int rank = world_rank();
    nlohmann::json j = {{"backend", backend}, {"class", cls}, {"severity", "error"}, {"rank", rank},
                        {"message", f.message}};
    nlohmann::json accesses = nlohmann::json::array();
    std::string human = "==ASSAY== ERROR " + cls + " (backend=" + backend + ", rank " + std::to_string(rank) +
                        ")\n==ASSAY==   " + f.message + "\n";
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
    if (w.jsonl) {
      std::fputs((j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n").c_str(), w.jsonl);
      std::fflush(w.jsonl);
    }
    if (transient && w.jsonl) {
      std::fclose(w.jsonl);
      w.jsonl = nullptr;
      --w.errors;  // counted in no end-of-run summary
    }
  }
  if (const char* a = std::getenv("ASSAY_ABORT_ON_ERROR"); a && std::string(a) == "1" && active()) {
    close_findings();
    PMPI_Abort(MPI_COMM_WORLD, 1);
  }
}

}  // namespace assay::interpose
