// Lookups per second in core::InFlight, the structure the llvm runtime asks
// for every access that passed the pass's inline guard (runtime.cpp, check):
// with 1, 16, 256 and 4096 operations in flight, for an access inside a range
// (`hit`), in a gap between ranges inside the guard's bounds (`gap`: the
// guard let it through, the lookup finds nothing) and past every range
// (`outside`: what the guard normally filters). The complexity fit
// (`_BigO`, `_RMS`) says whether a lookup grows like log n. MPI-free.
//
// Counters (per run): `ranges` and `segments` in the structure, `found` =
// operations found per lookup (1 for hit, 0 otherwise; the CTest test
// checks them), and items_per_second = lookups per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "assay/core/inflight.hpp"

namespace {

// Operation i covers [base + i * kStride, base + i * kStride + kSize): disjoint
// ranges with a gap of kStride - kSize bytes after each.
constexpr std::uintptr_t kBase = 0x10000000, kStride = 256, kSize = 128;

enum class Where { hit, gap, outside };

// The addresses looked up, visiting the ranges in a scrambled order (a
// multiplicative step coprime with n) so that the tree's path changes every time.
std::vector<std::uintptr_t> addresses(std::size_t n, Where where) {
  std::vector<std::uintptr_t> out;
  const std::size_t count = n < 1024 ? 1024 : n;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = (k * 2654435761u) % n;
    const std::uintptr_t lo = kBase + i * kStride;
    switch (where) {
      case Where::hit: out.push_back(lo + (k * 8) % kSize); break;
      case Where::gap: out.push_back(lo + kSize + (k * 8) % (kStride - kSize)); break;
      case Where::outside: out.push_back(kBase + n * kStride + k * 8); break;
    }
  }
  return out;
}

void lookup(benchmark::State& state, Where where) {
  const auto n = static_cast<std::size_t>(state.range(0));
  assay::core::InFlight in_flight;
  for (std::size_t i = 0; i < n; ++i)
    in_flight.add(static_cast<assay::core::InFlight::Op>(i + 1), kBase + i * kStride, kBase + i * kStride + kSize);
  const std::vector<std::uintptr_t> at = addresses(n, where);
  std::size_t k = 0, found = 0;
  for (auto _ : state) {
    const std::uintptr_t a = at[k];
    k = k + 1 == at.size() ? 0 : k + 1;
    auto ops = in_flight.overlapping(a, a + 8);  // an 8-byte load or store
    found += ops.size();
    benchmark::DoNotOptimize(ops);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetComplexityN(static_cast<std::int64_t>(n));
  state.counters["ranges"] = static_cast<double>(in_flight.ops());
  state.counters["segments"] = static_cast<double>(in_flight.segments());
  state.counters["found"] = benchmark::Counter(static_cast<double>(found), benchmark::Counter::kAvgIterations);
}

void hit(benchmark::State& s) { lookup(s, Where::hit); }
void gap(benchmark::State& s) { lookup(s, Where::gap); }
void outside(benchmark::State& s) { lookup(s, Where::outside); }

}  // namespace

BENCHMARK(hit)->RangeMultiplier(16)->Range(1, 4096)->Complexity(benchmark::oLogN);
BENCHMARK(gap)->RangeMultiplier(16)->Range(1, 4096)->Complexity(benchmark::oLogN);
BENCHMARK(outside)->RangeMultiplier(16)->Range(1, 4096)->Complexity(benchmark::oLogN);
BENCHMARK_MAIN();
