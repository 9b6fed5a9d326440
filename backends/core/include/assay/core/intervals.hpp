#pragma once
// The accesses one epoch makes to one target's window memory, as disjoint
// byte intervals in a balanced tree (std::map: O(log n) per access).
// Overlapping accesses of one origin and kind (read/read, accumulate/accumulate
// with the same op and type) merge into one interval, as do adjacent ones; the
// tree stays as small as the number of distinct access runs. Overlapping
// accesses that may coexist otherwise (get and MPI_NO_OP, ordered accumulates,
// one origin's own accesses on the target side, one kind from several origins)
// go to a layer below, each layer checked and shipped: as many layers as
// (origin, kind) pairs meet on one byte.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class RmaAccessKind { read, write, accumulate };

// Accumulate op code of MPI_NO_OP (an atomic read): the backend maps it here.
inline constexpr std::int32_t rma_op_no_op = -1;
// MPI_NO_OP in a window whose accumulate_ops info is "same_op" (MPI-3.1
// §11.2.1): still an atomic read, but no longer allowed beside every other op,
// only beside MPI_NO_OP and reads.
inline constexpr std::int32_t rma_op_no_op_same_op = -3;
inline bool is_no_op(std::int32_t op) { return op == rma_op_no_op || op == rma_op_no_op_same_op; }

struct RmaAccess {
  RmaAccessKind kind = RmaAccessKind::read;
  std::int32_t op = 0;        // accumulate op (backend code), 0 otherwise
  std::uint32_t type = 0;     // code of the basic type an accumulate's elements have
  Site site;                  // site.rank: the origin
  std::uint64_t time = 0;     // logical time of the call on the origin
  // Where that type's elements start, as the byte offset in the window modulo
  // the element size: accumulates are atomic per element (MPI-3.1 §11.7.1), so
  // two that overlap on bytes of differently aligned elements are not.
  std::uint32_t phase = 0;
  std::uint32_t epoch = 0;    // target side, passive target: index of its epoch's ordering marks
  // Accumulate family: the call also returns the target's old value
  // (MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap): it reads too.
  bool fetches = false;
  // Origin side: the request of the MPI_Rget that made this read, whose wait
  // completes it (MPI-3.1 §11.3.5); 0 for accesses only a synchronisation
  // completes. Accesses of different requests never merge.
  std::uint64_t request = 0;
  bool operator==(const RmaAccess& o) const {
    return kind == o.kind && op == o.op && type == o.type && phase == o.phase &&
           fetches == o.fetches && request == o.request;
  }
};

// Whether two accesses to one location in one epoch may proceed concurrently
// (RMA-Analyzer Table 1 for remote accesses, plus MPI's accumulate atomicity:
// same basic type on the same element boundaries, same op or MPI_NO_OP, which
// also reads alongside a get).
bool compatible(const RmaAccess& a, const RmaAccess& b);

// How an access touches the target's bytes: gets and MPI_NO_OP read, every
// other access (put, accumulate, read-modify-write) writes.
inline AccessKind target_kind(const RmaAccess& a) {
  return a.kind == RmaAccessKind::read || (a.kind == RmaAccessKind::accumulate && is_no_op(a.op))
             ? AccessKind::read
             : AccessKind::write;
}

// MPI-3.1 §11.7.2: the window's accumulate_ordering info, as a mask. By default
// accumulates from one origin to one target location run in program order
// for every pair of reads and writes (rar,raw,war,waw); "none" orders none.
enum AccumulateOrdering : unsigned { rar = 1, raw = 2, war = 4, waw = 8, ordering_default = 15 };
// Whether `later`, issued after `earlier` by the same origin to the same
// location, is ordered after it: both in the accumulate family and the
// ordering covers every read/write pair of their effects.
bool accumulates_ordered(const RmaAccess& earlier, const RmaAccess& later, unsigned ordering);
// The value of the accumulate_ordering info key ("none" or a comma list of
// rar, raw, war, waw) as a mask; unknown words order nothing.
unsigned parse_accumulate_ordering(std::string_view value);

struct Interval {
  std::uint64_t lo, hi;
  RmaAccess access;
};

class IntervalSet {
 public:
  struct Conflict {
    RmaAccess previous;
    std::uint64_t lo, hi;
  };
  // Records [lo, hi) and returns the first incompatible earlier access, if any
  // (the conflicting access is then not recorded). With `other_rank_only`,
  // earlier accesses of the same rank (site.rank) never conflict: the target
  // side, where one origin's accesses are ordered by its own program order.
  // `accumulate_ordering` (origin side): earlier accumulates of the same rank
  // that the window orders before `a` do not conflict with it.
  std::optional<Conflict> insert(std::uint64_t lo, std::uint64_t hi, const RmaAccess& a,
                                 bool other_rank_only = false, unsigned accumulate_ordering = 0);
  void clear() {
    nodes_.clear();
    next_.reset();
  }
  std::vector<Interval> intervals() const;
  // Removes the accesses of `request` (RmaAccess::request, nonzero) within
  // [lo, hi) from every layer and returns them.
  std::vector<Interval> take_request(std::uint64_t request, std::uint64_t lo, std::uint64_t hi);

  std::size_t nodes() const;
  std::size_t depth() const;   // of the red-black tree, bounded by 2 log2(n + 1)
  std::size_t bytes() const;   // approximate memory held

 private:
  struct Node {
    std::uint64_t hi;
    RmaAccess access;
  };
  std::map<std::uint64_t, Node> nodes_;  // key: lo
  // Accesses overlapping one of another kind that may coexist with it (compatible,
  // ordered, or of the same origin on the target side): a layer below, checked
  // and shipped like this one.
  std::unique_ptr<IntervalSet> next_;
  std::optional<Conflict> conflict(std::uint64_t lo, std::uint64_t hi, const RmaAccess& a,
                                   bool other_rank_only, unsigned accumulate_ordering) const;
  void record(std::uint64_t lo, std::uint64_t hi, const RmaAccess& a);
};

}  // namespace assay::core
