#include "assay/core/intervals.hpp"

#include <cmath>

namespace assay::core {

bool compatible(const RmaAccess& a, const RmaAccess& b) {
  if (a.kind == RmaAccessKind::read && b.kind == RmaAccessKind::read) return true;
  if (a.kind == RmaAccessKind::accumulate && b.kind == RmaAccessKind::accumulate)
    return a.op == b.op && a.type == b.type;
  return false;
}

std::optional<IntervalSet::Conflict> IntervalSet::insert(std::uint64_t lo, std::uint64_t hi,
                                                         const RmaAccess& a) {
  if (lo >= hi) return std::nullopt;
  // First node that could overlap or touch [lo, hi): the one starting at or before lo.
  auto first = nodes_.upper_bound(lo);
  if (first != nodes_.begin()) --first;
  for (auto it = first; it != nodes_.end() && it->first < hi; ++it) {
    if (it->second.hi > lo && !compatible(it->second.access, a))  // keep the earlier access
      return Conflict{it->second.access, std::max(lo, it->first), std::min(hi, it->second.hi)};
  }
  // Compatible overlaps are of the same kind: absorb them and same-kind neighbours.
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
