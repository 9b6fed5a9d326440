#pragma once
// RMA races as happens-before (seed 003, Butelle & Coti, made MPI's): the
// target side of vclock's RMA analysis. Each remote access an origin made to
// this rank's part of a window arrives with
//  - the origin's vector clock when it issued the call (`issued`), and
//  - the origin's own clock entry at the synchronisation that completed the
//    access at the target (`completed`: MPI_Win_unlock(_all), MPI_Win_flush
//    (_all), the closing MPI_Win_fence, MPI_Win_complete; 0 if never).
// Access a happens before access b exactly when b's issuing clock knows a's
// completion: something (a message, a collective, a fence, a post/start or
// complete/wait pair — the backend puts those edges into the clocks) carried
// the knowledge that a was complete to b's origin before it issued b. Two
// accesses of different origins to overlapping bytes, at least one a write and
// not compatible (RMA-Analyzer Table 1 plus accumulate atomicity, compatible()),
// ordered neither way, are a race: rma.remote.atomicity when an accumulate is
// one of them, rma.remote.conflict otherwise. Accesses made under an exclusive
// lock on this target are never concurrent with another origin's passive
// accesses (the lock serialises the epochs, MPI-3.1 §11.5.3): not reported,
// though their order is not known.
//
// Arrival order does not matter (the check is symmetric), so records can be
// checked as they arrive, in any order. Records are kept for the window's
// lifetime up to `capacity`; beyond it the oldest are forgotten and a race with
// them is missed (dropped() counts them).
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/intervals.hpp"
#include "assay/core/vector_clock.hpp"

namespace assay::core {

struct HbAccess {
  std::uint64_t lo = 0, hi = 0;        // byte offsets in the target's window part
  RmaAccess access;                    // kind, op, type, phase, site (site.rank: origin, a world rank)
  std::vector<std::uint32_t> issued;   // the origin's clock at the call (world ranks)
  std::uint32_t completed = 0;         // the origin's entry at the completing synchronisation, 0: never
  bool exclusive = false;              // made under an exclusive lock on this target
};

// a happens before b: b's issuing clock knows a's completion.
bool happens_before(const HbAccess& a, const HbAccess& b);
// Whether two accesses of different origins to overlapping bytes race.
bool races(const HbAccess& a, const HbAccess& b);
// Two accumulates of one origin (`earlier` first in program order, which is
// the arrival order of one origin's records at a target) to overlapping bytes,
// not compatible (different op, basic type or element boundaries), neither
// completed before the other was issued, whose read/write pairs the window's
// accumulate_ordering info does not all order (MPI-3.1 §11.7.2; `ordering`:
// AccumulateOrdering bits): they may run concurrently, and their atomicity
// breaks (§11.7.1).
bool same_origin_unordered(const HbAccess& earlier, const HbAccess& later, unsigned ordering);

class RmaHappensBefore {
 public:
  // `accumulate_ordering`: the window's accumulate_ordering info as
  // AccumulateOrdering bits (intervals.hpp), for accumulates of one origin.
  explicit RmaHappensBefore(FindingSink sink, std::size_t capacity = std::size_t{1} << 16,
                            unsigned accumulate_ordering = ordering_default)
      : sink_(std::move(sink)), capacity_(capacity), ordering_(accumulate_ordering) {}
  // One access to rank `me`'s part of the window: checked against every kept
  // access (races() for another origin's, same_origin_unordered() for its own
  // origin's, which arrived before it), then kept. A pair of call sites is
  // reported once.
  void add(int me, HbAccess a);
  std::size_t size() const { return kept_.size(); }
  std::size_t dropped() const { return dropped_; }
  std::size_t bytes() const;

 private:
  FindingSink sink_;
  std::size_t capacity_;
  unsigned ordering_;
  std::map<std::uint64_t, HbAccess> kept_;        // by arrival number
  std::multimap<std::uint64_t, std::uint64_t> by_lo_;  // lo -> arrival number
  std::uint64_t next_ = 0, last_ = ~std::uint64_t{0};  // the next arrival number, the last kept
  std::uint64_t longest_ = 0;                     // hi - lo of the longest kept access
  std::set<std::tuple<std::uintptr_t, int, std::uintptr_t, int>> reported_;
  std::size_t dropped_ = 0;
};

}  // namespace assay::core
