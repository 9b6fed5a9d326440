// The per-call cost of a PMPI checker's shims: the same binary runs natively and
// with the checker preloaded (overhead/shim-bench.sh), and the difference per
// call is the shim's cost. Built as assay_shim_bench_openmpi / _mpich.
//
//   comm_rank   MPI_Comm_rank: a wrapper with no analysis (guard, empty hooks)
//   put         MPI_Put of one int to the next rank inside one lock_all epoch,
//               each batch of kBatchPut Puts to distinct displacements followed
//               by MPI_Win_flush_all (so the checker's state stays bounded);
//               the flush is part of the measured cost, natively too
//   barrier     MPI_Barrier: the collective consistency check
//   allreduce   MPI_Allreduce of one int (MPI_SUM)
//
// The rules of overhead/README.md for Google Benchmark under MPI: fixed
// iterations and repetitions, manual time = the slowest rank's, only rank 0
// reports. One benchmark iteration is a batch of calls, and its manual time is
// the batch's slowest-rank time divided by the batch size, so Google
// Benchmark's real_time is the time per call (ns).
#include <benchmark/benchmark.h>
#include <mpi.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "overhead/mpi_benchmark.hpp"

namespace {

constexpr int kBatchRank = 1000, kBatchPut = 64, kBatchColl = 100;

// A batch of `calls` calls timed on every rank; the iteration time is the slowest
// rank's time per call. The barrier and the reduction stay outside the timing.
template <class Body>
void timed_batches(benchmark::State& state, int calls, Body body) {
  for (auto _ : state) {
    // PMPI_: the harness's own synchronisation stays invisible to a checker.
    PMPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    body();
    double mine = (MPI_Wtime() - start) / calls, slowest = 0;
    PMPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    state.SetIterationTime(slowest);
  }
}

void comm_rank(benchmark::State& state) {
  int rank = 0;
  timed_batches(state, kBatchRank, [&] {
    for (int i = 0; i < kBatchRank; ++i) {
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      benchmark::DoNotOptimize(rank);
    }
  });
}

void put(benchmark::State& state) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* base = nullptr;
  MPI_Win win = MPI_WIN_NULL;
  MPI_Win_allocate(kBatchPut * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  const int target = (rank + 1) % size;
  const int value = rank;
  MPI_Win_lock_all(0, win);
  timed_batches(state, kBatchPut, [&] {
    for (int i = 0; i < kBatchPut; ++i) MPI_Put(&value, 1, MPI_INT, target, i, 1, MPI_INT, win);
    MPI_Win_flush_all(win);
  });
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
}

void barrier(benchmark::State& state) {
  timed_batches(state, kBatchColl, [] {
    for (int i = 0; i < kBatchColl; ++i) MPI_Barrier(MPI_COMM_WORLD);
  });
}

void allreduce(benchmark::State& state) {
  int in = 1, out = 0;
  timed_batches(state, kBatchColl, [&] {
    for (int i = 0; i < kBatchColl; ++i) MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    benchmark::DoNotOptimize(out);
  });
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, nranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  std::vector<std::string> kept;
  for (int i = 0; i < argc; ++i)
    if (assay::overhead::rank_keeps(argv[i], rank)) kept.emplace_back(argv[i]);

  benchmark::AddCustomContext("np", std::to_string(nranks));
  benchmark::AddCustomContext("mpi", assay::overhead::mpi_name());
  const char* backend = std::getenv("ASSAY_BACKEND");
  benchmark::AddCustomContext("backend", backend && *backend ? backend : "native");
  // Fixed iterations: every rank runs the same number of collectives.
  auto add = [](const char* name, void (*fn)(benchmark::State&), int iterations) {
    benchmark::RegisterBenchmark(name, fn)->Iterations(iterations)->UseManualTime()->Unit(benchmark::kNanosecond);
  };
  add("comm_rank", comm_rank, 1000);
  add("put", put, 500);
  add("barrier", barrier, 100);
  add("allreduce", allreduce, 100);

  const int status = assay::overhead::run_benchmarks(std::move(kept), rank) ? 0 : 2;
  benchmark::Shutdown();
  MPI_Finalize();
  return status;
}
