#include "assay/core/intervals.hpp"

#include <algorithm>
#include <cmath>

namespace assay::core {

bool compatible(const RmaAccess& a, const RmaAccess& b) {
  using K = RmaAccessKind;
  auto atomic_read = [](const RmaAccess& x) { return x.kind == K::accumulate && is_no_op(x.op); };
  if (a.kind == K::read && b.kind == K::read) return true;
  if ((a.kind == K::read && atomic_read(b)) || (b.kind == K::read && atomic_read(a))) return true;
  // The same op, or MPI_NO_OP beside any op (the default accumulate_ops,
  // same_op_no_op; under same_op MPI_NO_OP is rma_op_no_op_same_op).
  if (a.kind == K::accumulate && b.kind == K::accumulate)
    return a.type == b.type && a.phase == b.phase && (a.op == b.op || a.op == rma_op_no_op || b.op == rma_op_no_op);
  return false;
}

unsigned parse_accumulate_ordering(std::string_view rest) {
  unsigned mask = 0;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    std::string_view word = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    while (!word.empty() && word.front() == ' ') word.remove_prefix(1);
    while (!word.empty() && word.back() == ' ') word.remove_suffix(1);
    if (word == "rar") mask |= rar;
    else if (word == "raw") mask |= raw;
    else if (word == "war") mask |= war;
    else if (word == "waw") mask |= waw;
  }
  return mask;
}

bool accumulates_ordered(const RmaAccess& earlier, const RmaAccess& later, unsigned ordering) {
  using K = RmaAccessKind;
  if (earlier.kind != K::accumulate || later.kind != K::accumulate) return false;
  auto reads = [](const RmaAccess& x) { return is_no_op(x.op) || x.fetches; };
  auto writes = [](const RmaAccess& x) { return !is_no_op(x.op); };
  unsigned needed = 0;
  if (reads(later) && reads(earlier)) needed |= rar;
  if (reads(later) && writes(earlier)) needed |= raw;
  if (writes(later) && reads(earlier)) needed |= war;
  if (writes(later) && writes(earlier)) needed |= waw;
  return (ordering & needed) == needed;
}

std::optional<IntervalSet::Conflict> IntervalSet::insert(std::uint64_t lo, std::uint64_t hi,
                                                         const RmaAccess& a, bool other_rank_only,
                                                         unsigned accumulate_ordering) {
  if (lo >= hi) return std::nullopt;
  for (const IntervalSet* layer = this; layer; layer = layer->next_.get())
    if (auto c = layer->conflict(lo, hi, a, other_rank_only, accumulate_ordering)) return c;
  record(lo, hi, a);
  return std::nullopt;
}

std::optional<IntervalSet::Conflict> IntervalSet::conflict(std::uint64_t lo, std::uint64_t hi,
                                                           const RmaAccess& a, bool other_rank_only,
                                                           unsigned accumulate_ordering) const {
  // First node that could overlap [lo, hi): the one starting at or before lo.
  auto it = nodes_.upper_bound(lo);
  if (it != nodes_.begin()) --it;
  for (; it != nodes_.end() && it->first < hi; ++it) {
    if (it->second.hi <= lo) continue;
    const RmaAccess& old = it->second.access;
    const bool same_rank = old.site.rank == a.site.rank;
    if (other_rank_only && same_rank) continue;
    if (same_rank && accumulates_ordered(old, a, accumulate_ordering)) continue;
    if (!compatible(old, a)) return Conflict{old, std::max(lo, it->first), std::min(hi, it->second.hi)};
  }
  return std::nullopt;
}

void IntervalSet::record(std::uint64_t lo, std::uint64_t hi, const RmaAccess& a) {
  auto first = nodes_.upper_bound(lo);
  if (first != nodes_.begin()) --first;
  // Only one origin's accesses of one kind merge. An overlap with any other
  // (compatible, ordered, of the same origin on the target side, or of the same
  // kind from another origin) keeps both: the new one goes one layer down, so
  // every access stays visible, with its origin, to later checks and to what
  // is shipped.
  auto same = [&](const RmaAccess& x) { return x == a && x.site.rank == a.site.rank; };
  for (auto it = first; it != nodes_.end() && it->first < hi; ++it) {
    if (it->second.hi > lo && !same(it->second.access)) {
      if (!next_) next_ = std::make_unique<IntervalSet>();
      next_->record(lo, hi, a);
      return;
    }
  }
  // Same-kind overlaps and neighbours are absorbed into one interval.
  std::uint64_t new_lo = lo, new_hi = hi;
  for (auto it = first; it != nodes_.end() && it->first <= hi;) {
    if (it->second.hi >= lo && same(it->second.access)) {
      new_lo = std::min(new_lo, it->first);
      new_hi = std::max(new_hi, it->second.hi);
      it = nodes_.erase(it);
    } else {
      ++it;
    }
  }
  nodes_[new_lo] = Node{new_hi, a};
}

std::vector<Interval> IntervalSet::intervals() const {
  std::vector<Interval> out;
  out.reserve(nodes());
  for (const IntervalSet* layer = this; layer; layer = layer->next_.get())
    for (const auto& [lo, n] : layer->nodes_) out.push_back({lo, n.hi, n.access});
  return out;
}

std::vector<Interval> IntervalSet::take_request(std::uint64_t request, std::uint64_t lo, std::uint64_t hi) {
  std::vector<Interval> taken;
  if (request == 0) return taken;
  for (IntervalSet* layer = this; layer; layer = layer->next_.get()) {
    auto it = layer->nodes_.upper_bound(lo);
    if (it != layer->nodes_.begin()) --it;
    while (it != layer->nodes_.end() && it->first < hi) {
      if (it->second.access.request != request) {
        ++it;
        continue;
      }
      taken.push_back({it->first, it->second.hi, it->second.access});
      it = layer->nodes_.erase(it);
    }
  }
  return taken;
}

std::size_t IntervalSet::nodes() const { return nodes_.size() + (next_ ? next_->nodes() : 0); }

std::size_t IntervalSet::depth() const {
  // std::map is a red-black tree; its height is at most 2 log2(n + 1).
  const std::size_t mine = nodes_.empty() ? 0
                           : static_cast<std::size_t>(
                                 2.0 * std::ceil(std::log2(static_cast<double>(nodes_.size()) + 1.0)));
  return std::max(mine, next_ ? next_->depth() : 0);
}

std::size_t IntervalSet::bytes() const {
  // Node payload plus the tree's three pointers and colour per node.
  return nodes() * (sizeof(std::uint64_t) + sizeof(Node) + 4 * sizeof(void*));
}

}  // namespace assay::core
