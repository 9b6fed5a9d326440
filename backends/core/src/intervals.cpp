#include "assay/core/intervals.hpp"

#include <cmath>

namespace assay::core {

bool compatible(const RmaAccess& a, const RmaAccess& b) {
  using K = RmaAccessKind;
  auto atomic_read = [](const RmaAccess& x) { return x.kind == K::accumulate && x.op == rma_op_no_op; };
  if (a.kind == K::read && b.kind == K::read) return true;
  if ((a.kind == K::read && atomic_read(b)) || (b.kind == K::read && atomic_read(a))) return true;
  if (a.kind == K::accumulate && b.kind == K::accumulate)
    return a.type == b.type && a.phase == b.phase && (a.op == b.op || a.op == rma_op_no_op || b.op == rma_op_no_op);
  return false;
}

std::optional<IntervalSet::Conflict> IntervalSet::insert(std::uint64_t lo, std::uint64_t hi,
                                                         const RmaAccess& a, bool other_rank_only) {
  if (lo >= hi) return std::nullopt;
  // First node that could overlap or touch [lo, hi): the one starting at or before lo.
  auto first = nodes_.upper_bound(lo);
  if (first != nodes_.begin()) --first;
  bool mixed = false;  // a compatible overlap of another kind (e.g. get and MPI_NO_OP)
  for (auto it = first; it != nodes_.end() && it->first < hi; ++it) {
    if (it->second.hi <= lo) continue;
    const RmaAccess& old = it->second.access;
    if (other_rank_only && old.site.rank == a.site.rank) {
      mixed = mixed || !(old == a);
      continue;
    }
    if (!compatible(old, a))  // keep the earlier access
      return Conflict{old, std::max(lo, it->first), std::min(hi, it->second.hi)};
    mixed = mixed || !(old == a);
  }
  // Intervals stay disjoint: an access overlapping one of another kind is not
  // recorded (it can only hide a later conflict, never invent one).
  if (mixed) return std::nullopt;
  // Same-kind overlaps and neighbours are absorbed into one interval.
  std::uint64_t new_lo = lo, new_hi = hi;
  for (auto it = first; it != nodes_.end() && it->first <= hi;) {
    if (it->second.hi >= lo && it->second.access == a) {
      new_lo = std::min(new_lo, it->first);
      new_hi = std::max(new_hi, it->second.hi);
      it = nodes_.erase(it);
    } else {
      ++it;
    }
  }
  nodes_[new_lo] = Node{new_hi, a};
  return std::nullopt;
}

std::vector<Interval> IntervalSet::intervals() const {
  std::vector<Interval> out;
  out.reserve(nodes_.size());
  for (const auto& [lo, n] : nodes_) out.push_back({lo, n.hi, n.access});
  return out;
}

std::size_t IntervalSet::depth() const {
  // std::map is a red-black tree; its height is at most 2 log2(n + 1).
  return nodes_.empty() ? 0
                        : static_cast<std::size_t>(
                              2.0 * std::ceil(std::log2(static_cast<double>(nodes_.size()) + 1.0)));
}

std::size_t IntervalSet::bytes() const {
  // Node payload plus the tree's three pointers and colour per node.
  return nodes_.size() * (sizeof(std::uint64_t) + sizeof(Node) + 4 * sizeof(void*));
}

}  // namespace assay::core
