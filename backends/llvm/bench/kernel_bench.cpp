// Instrumented accesses per second: daxpy loops (y[i] = a * x[i] + y[i]: two
// loads and a store per element) over arrays that MPI never sees and over
// arrays it does, with nothing in flight and with an Isend and an Irecv in
// flight around the loop. CMake compiles this one source like the llvm
// backend compiles a program (clang++-14 through the MPI's wrapper), once per
// variant: plain (no pass), unfiltered (the pass with ASSAY_LLVM_FILTER=0),
// llvm (the pass and its escape filter) and selective (ASSAY_LLVM_SELECTIVE=1);
// backends/llvm/bench/kernel-bench.sh runs them and tabulates.
//
//   local/idle       local_x -> local_y, nothing in flight
//   local/in_flight  the same while the exchange is in flight: the arrays lie
//                    outside the guard's bounds (when instrumented at all)
//   mpi/idle         buf.x -> buf.y, nothing in flight (bounds {0, 0})
//   mpi/in_flight    the same while buf.send and buf.recv are in flight: x and
//                    y lie between them, inside the bounds, in the gap the
//                    runtime exports between the two ranges, so no access
//                    calls it (before the gaps every one did, and missed)
//   send/in_flight   buf.send -> buf.y in flight: the loads hit the pending
//                    send buffer and call the runtime (reading it is
//                    allowed: no finding); the stores into y, in the gap, do not
//   window/epoch     buf.win.x -> buf.win.y (y = a * x, one read and one write
//                    stream), both in this rank's part of a window, inside a
//                    fence epoch: the owner's accesses are recorded as runs;
//                    an access that continues the open run of its kind grows
//                    it inline, so the loop calls the runtime about once per
//                    stream, not per access (docs/backends.md, "llvm")
//
// The rules of overhead/README.md for Google Benchmark under MPI: fixed
// iterations and repetitions, manual time = the slowest rank's, only rank 0
// reports. Only the loop is timed (the exchange is posted before and completed
// after). Counter `accesses`: the loop's source-level element accesses per
// second (3 per element; the pass instruments the vectorised code, so one
// run-time check may cover several elements).
#include <benchmark/benchmark.h>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "overhead/mpi_benchmark.hpp"

#ifndef ASSAY_BENCH_VARIANT
#define ASSAY_BENCH_VARIANT "unknown"
#endif

namespace {

constexpr int kN = 1 << 16;  // elements each loop walks, and each side of the exchange (not timed)

// Never handed to MPI, address never escaping: the escape filter removes
// their accesses.
double local_x[kN], local_y[kN];

// Handed to MPI. One object fixes the layout: while send and recv are in
// flight, the guard's bounds [send, recv + kN) hold x and y.
struct Buffers {
  double send[kN];
  double x[kN];
  double y[kN];
  double recv[kN];
  // This rank's part of a window, next to the others: window memory joins the
  // guard's bounds, and the local arrays must stay outside them.
  struct {
    double x[kN];
    double y[kN];
  } win;
};
Buffers buf;

int partner = MPI_PROC_NULL;

MPI_Win window = MPI_WIN_NULL;  // over buf.win (created in main, freed before MPI_Finalize)

// Inlined so that the arrays' accesses point straight into the globals above
// (what the escape filter looks at), not through parameters.
__attribute__((always_inline)) inline void daxpy(double* y, const double* x) {
  for (int i = 0; i < kN; ++i) y[i] = 1.0001 * x[i] + y[i];
}

enum class Loop { local, mpi, send, window };

template <Loop loop>
void run(benchmark::State& state, bool in_flight) {
  for (auto _ : state) {
    // PMPI_: the harness's own synchronisation stays invisible to the runtime.
    PMPI_Barrier(MPI_COMM_WORLD);
    MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if constexpr (loop == Loop::window) MPI_Win_fence(0, window);
    if (in_flight) {
      MPI_Irecv(buf.recv, kN, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, &reqs[0]);
      MPI_Isend(buf.send, kN, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, &reqs[1]);
    }
    const double start = MPI_Wtime();
    if constexpr (loop == Loop::local) daxpy(local_y, local_x);
    if constexpr (loop == Loop::mpi) daxpy(buf.y, buf.x);
    if constexpr (loop == Loop::send) daxpy(buf.y, buf.send);
    if constexpr (loop == Loop::window)
      for (int i = 0; i < kN; ++i) buf.win.y[i] = 1.0001 * buf.win.x[i];
    double mine = MPI_Wtime() - start, slowest = 0;
    if (in_flight) MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    if constexpr (loop == Loop::window) MPI_Win_fence(0, window);
    PMPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    state.SetIterationTime(slowest);
  }
  state.counters["accesses"] =
      benchmark::Counter(3.0 * kN, benchmark::Counter::kIsIterationInvariantRate);
}

void local_idle(benchmark::State& s) { run<Loop::local>(s, false); }
void local_in_flight(benchmark::State& s) { run<Loop::local>(s, true); }
void mpi_idle(benchmark::State& s) { run<Loop::mpi>(s, false); }
void mpi_in_flight(benchmark::State& s) { run<Loop::mpi>(s, true); }
void send_in_flight(benchmark::State& s) { run<Loop::send>(s, true); }
void window_epoch(benchmark::State& s) { run<Loop::window>(s, false); }

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, nranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if ((rank ^ 1) < nranks) partner = rank ^ 1;
  for (int i = 0; i < kN; ++i) local_x[i] = buf.x[i] = buf.send[i] = i % 7;
  MPI_Win_create(&buf.win, sizeof buf.win, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window);
  for (int i = 0; i < kN; ++i) buf.win.x[i] = i % 5;

  // --iterations=N (default 20); the rest is Google Benchmark's.
  long iterations = 20;
  std::vector<std::string> kept;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--iterations=", 0) == 0) iterations = std::atol(a.c_str() + 13);
    else if (assay::overhead::rank_keeps(a, rank)) kept.push_back(a);
  }

  benchmark::AddCustomContext("np", std::to_string(nranks));
  benchmark::AddCustomContext("mpi", assay::overhead::mpi_name());
  benchmark::AddCustomContext("variant", ASSAY_BENCH_VARIANT);
  auto add = [&](const char* name, void (*fn)(benchmark::State&)) {
    benchmark::RegisterBenchmark(name, fn)->Iterations(iterations)->UseManualTime()->Unit(benchmark::kMicrosecond);
  };
  add("local/idle", local_idle);
  add("local/in_flight", local_in_flight);
  add("mpi/idle", mpi_idle);
  add("mpi/in_flight", mpi_in_flight);
  add("send/in_flight", send_in_flight);
  add("window/epoch", window_epoch);

  const int status = assay::overhead::run_benchmarks(std::move(kept), rank) ? 0 : 2;
  benchmark::Shutdown();
  // Read the results, so that no loop is dead code.
  MPI_Win_free(&window);
  if (rank == 0) std::printf("checksum %.17g\n", local_y[kN - 1] + buf.y[kN - 1] + buf.recv[0] + buf.win.y[kN - 1]);
  MPI_Finalize();
  return status;
}
