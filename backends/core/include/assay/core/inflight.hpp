#pragma once
// The memory ranges of operations in flight in one process (the llvm
// backend's runtime, docs/backends.md "llvm"): each operation (a pending
// Isend, Irecv, RMA origin buffer, nonblocking-collective buffer, ...) covers
// one or more byte ranges [lo, hi) of this process's memory until it
// completes. Ranges of different operations may overlap (two Isends of one
// buffer are legal), so the set is kept as disjoint elementary segments, each
// listing the operations covering it, in a std::map (red-black tree):
// lookup O(log n + k) for k segments met, insertion and removal
// O(log n + k) per range. MPI-free, unit-tested (tests/unit/core/inflight_test.cpp).
#include <cstddef>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace assay::core {

class InFlight {
 public:
  using Op = std::uint32_t;
  using Range = std::pair<std::uintptr_t, std::uintptr_t>;  // [lo, hi)

  // Adds `op` over [lo, hi) (empty ranges are ignored); an op may be added
  // over several ranges (the blocks of a datatype with holes).
  void add(Op op, std::uintptr_t lo, std::uintptr_t hi);
  // Removes every range of `op`; false when it had none.
  bool remove(Op op);
  bool contains(Op op) const { return ranges_.count(op) != 0; }
  // The operations whose ranges overlap [lo, hi), each once, in ascending order.
  std::vector<Op> overlapping(std::uintptr_t lo, std::uintptr_t hi) const;
  // The first byte at or after `at` that some range covers; UINTPTR_MAX when
  // none: no range meets [at, first_covered(at)). Allocates nothing.
  std::uintptr_t first_covered(std::uintptr_t at) const;
  // Operations with at least one range, and elementary segments (the tree's size).
  std::size_t ops() const { return ranges_.size(); }
  std::size_t segments() const { return segments_.size(); }
  bool empty() const { return ranges_.empty(); }
  // The smallest range [lo, hi) holding every range in the set; {0, 0} when
  // empty. The llvm backend exports it so instrumented code can skip the call
  // into the runtime for accesses outside it.
  Range bounds() const {
    if (segments_.empty()) return {0, 0};
    return {segments_.begin()->first, segments_.rbegin()->second.hi};
  }
  // The ranges `op` was added over, merged.
  std::vector<Range> ranges_of(Op op) const;
  // The bytes some range covers, as disjoint ranges in ascending order (touching
  // segments merged). O(segments).
  std::vector<Range> covered() const;
  // The widest range holding `at` that no range meets: from the end of the last
  // range before it (0 when none) to the start of the next (UINTPTR_MAX when
  // none); {0, 0} when a range covers `at`. O(log n), allocates nothing.
  Range gap_at(std::uintptr_t at) const;

 private:
  struct Segment {
    std::uintptr_t hi;
    std::vector<Op> ops;  // sorted
  };
  using Map = std::map<std::uintptr_t, Segment>;
  // Makes `at` a segment boundary (splits the segment strictly containing it).
  void split(std::uintptr_t at);
  // Merges the segment starting at `at` with its left neighbour when they touch
  // and list the same operations.
  void merge_left(Map::iterator it);

  Map segments_;
  std::unordered_map<Op, std::vector<Range>> ranges_;
};

// The `count` widest gaps between the ranges of `covered` (any order;
// overlapping or touching ones merge), widest first: the bytes strictly between
// two ranges that none of them covers. The llvm backend exports a few beside the
// bounds, so that an access between ranges far apart skips its runtime.
std::vector<InFlight::Range> widest_gaps(std::vector<InFlight::Range> covered, std::size_t count);

}  // namespace assay::core
