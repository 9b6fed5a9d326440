// assay-journal-gen RECORDS SEED OUT: writes a synthetic results journal of
// RECORDS result records (after one session record) to OUT, for measuring how
// `report` and `diff` scale (scripts/measure-report-memory). The records have
// the fields and the sizes of real ones (docs/journal.md): a finding with a
// location on detections, a stderr tail on crashes. SEED changes some outcomes,
// so two journals of different seeds diff with changes in every kind.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

// A small deterministic generator: the same (RECORDS, SEED) gives the same file.
struct Lcg {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::uint32_t>(state >> 33);
  }
};

const char* const kBackends[] = {"native", "pmpi", "mpi-errcheck", "libmpiwrap", "must"};
const char* const kMpis[] = {"openmpi", "mpich"};
const char* const kFamilies[] = {"rma", "nb", "coll", "mem", "res"};
// Classes of taxonomy/classes.json, one per family above.
const char* const kClasses[] = {"rma.local.origin-write-during-put", "nb.request.missing-completion",
                                "coll.arg.root-mismatch", "mem.recv.overrun", "res.leak.communicator"};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: assay-journal-gen RECORDS SEED OUT\n";
    return 2;
  }
  const long records = std::stol(argv[1]);
  Lcg rng{std::stoull(argv[2]) + 1};
  std::ofstream out(argv[3], std::ios::binary);
  if (!out) {
    std::cerr << "assay-journal-gen: cannot write " << argv[3] << "\n";
    return 2;
  }
  out << json{{"type", "session"},
              {"started", "2026-11-22T08:00:00Z"},
              {"argv", {"mpi-assay", "run", "--backend", "all"}},
              {"host", "bench-host"},
              {"suite_rev", "0123abcd"},
              {"suite_dirty", false},
              {"runner_version", "0.9.0+bench"},
              {"mpi_versions", {{"openmpi", "4.1.4"}, {"mpich", "4.0.2"}}},
              {"compilers", {{"openmpi", "gcc (Debian 12.2.0-14) 12.2.0"}, {"mpich", "gcc (Debian 12.2.0-14) 12.2.0"}}},
              {"backends", json::object()}}
             .dump()
      << "\n";
  const long columns = std::size(kBackends) * std::size(kMpis);
  for (long i = 0; i < records; ++i) {
    const long case_index = i / columns;
    const char* backend = kBackends[i % std::size(kBackends)];
    const char* mpi = kMpis[(i / std::size(kBackends)) % std::size(kMpis)];
    const std::size_t f = static_cast<std::size_t>(case_index) % std::size(kFamilies);
    const bool erroneous = case_index % 2 == 0;
    const std::string family = kFamilies[f];
    const std::string group = "g" + std::to_string(case_index % 7);
    const std::string id = family + "/" + group + "/case-" + std::to_string(case_index) + (erroneous ? "-nok" : "-ok");
    const std::string run_dir = "runs/" + std::string(backend) + "-" + mpi + "-" + std::to_string(case_index) + "-1";
    // Outcomes: erroneous cases mostly TP, some FN/TO/RE; correct ones mostly TN, some FP.
    const std::uint32_t roll = rng.next() % 100;
    std::string outcome = erroneous ? (roll < 70 ? "TP" : roll < 85 ? "FN" : roll < 92 ? "TO" : roll < 97 ? "RE" : "NS")
                                    : (roll < 90 ? "TN" : roll < 96 ? "FP" : "TF");
    const bool detected = outcome == "TP" || outcome == "FP";
    json findings = json::array();
    json matched = json::array();
    if (detected) {
      const char* cls = kClasses[f];
      findings.push_back({{"backend", backend},
                          {"class", cls},
                          {"severity", "error"},
                          {"rank", static_cast<int>(rng.next() % 2)},
                          {"message", std::string("conflicting access to the window of rank 1 at offset ") +
                                          std::to_string(rng.next() % 4096) + " while an MPI_Put is pending"},
                          {"location", {{"file", id + ".c"}, {"line", 20 + rng.next() % 40}, {"function", "main"}}}});
      if (outcome == "TP") matched.push_back(cls);
    }
    json record = {{"type", "result"},
                   {"case", id},
                   {"family", family},
                   {"group", group},
                   {"case_hash", "9f3c2a71e4b8d605"},
                   {"expect", erroneous ? json::array({kClasses[f]}) : json::array({"ok"})},
                   {"backend", backend},
                   {"backend_version", "0.9.0+bench"},
                   {"manifest_hash", "a1b2c3d4e5f60718"},
                   {"mpi", mpi},
                   {"mpi_version", std::string(mpi) == "openmpi" ? "4.1.4" : "4.0.2"},
                   {"build_key", "5e6f7a8b9c0d1e2f"},
                   {"np", 2},
                   {"run", 1},
                   {"runs", 1},
                   {"outcome", outcome},
                   {"detected", detected},
                   {"classified", outcome == "TP"},
                   {"located", outcome == "TP"},
                   {"matched_classes", matched},
                   {"reason", outcome == "TP" ? std::string("found ") + kClasses[f] : "outcome " + outcome},
                   {"findings", findings},
                   {"problems", json::array()},
                   {"exit_code", outcome == "RE" ? 134 : 0},
                   {"signal", outcome == "RE" ? 6 : 0},
                   {"timed_out", outcome == "TO"},
                   {"leftover_processes", 0},
                   {"build_s", 0.0},
                   {"run_s", 0.4 + (rng.next() % 1000) / 1000.0},
                   {"stdout", run_dir + "/stdout"},
                   {"stderr", run_dir + "/stderr"},
                   {"host", "bench-host"},
                   {"suite_rev", "0123abcd"},
                   {"runner_version", "0.9.0+bench"},
                   {"started", "2026-11-22T08:00:00Z"}};
    if (outcome == "RE")
      record["stderr_tail"] = std::string(300, 'x') + "\n[bench-host:01234] *** Process received signal ***\n";
    out << record.dump() << "\n";
  }
  return 0;
}
