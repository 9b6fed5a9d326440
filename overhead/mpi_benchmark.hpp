#pragma once
// Google Benchmark under MPI, by the rules of overhead/README.md, for every
// benchmark program of ours (bench_main.cpp, shim_bench.cpp,
// backends/llvm/bench/kernel_bench.cpp): every rank runs the same benchmarks in
// the same order (the caller registers them with fixed iterations, and random
// interleaving is off), and only rank 0 reports or writes files. Header-only:
// kernel_bench.cpp is compiled outside CMake's targets, through the llvm pass.
#include <benchmark/benchmark.h>
#include <mpi.h>

#include <string>
#include <string_view>
#include <vector>

namespace assay::overhead {

// Whether `rank` passes Google Benchmark's argument `arg` on: --benchmark_out*
// only on rank 0, so that no other rank writes the output file.
inline bool rank_keeps(std::string_view arg, int rank) { return rank == 0 || arg.rfind("--benchmark_out", 0) != 0; }

// The MPI this program was compiled against, as the runner names it.
inline const char* mpi_name() {
#if defined(OPEN_MPI)
  return "openmpi";
#elif defined(MPICH_VERSION)
  return "mpich";
#else
  return "unknown";
#endif
}

// Runs the registered benchmarks with Google Benchmark's arguments `args`
// (argv[0] first, already filtered by rank_keeps): rank 0 reports, the other
// ranks run the same benchmarks and discard their results. False, before any
// run, when Google Benchmark does not know one of the arguments.
inline bool run_benchmarks(std::vector<std::string> args, int rank) {
  class NullReporter : public benchmark::BenchmarkReporter {
   public:
    bool ReportContext(const Context&) override { return true; }
    void ReportRuns(const std::vector<Run>&) override {}
  };
  args.emplace_back("--benchmark_enable_random_interleaving=false");  // same order on every rank
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  if (benchmark::ReportUnrecognizedArguments(argc, argv.data())) return false;
  if (rank == 0) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    NullReporter null;
    benchmark::RunSpecifiedBenchmarks(&null);
  }
  return true;
}

}  // namespace assay::overhead
