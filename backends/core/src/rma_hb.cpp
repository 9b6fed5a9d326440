#include "assay/core/rma_hb.hpp"

#include <algorithm>
#include <string>

namespace assay::core {

namespace {

std::uint32_t entry(const std::vector<std::uint32_t>& clock, int rank) {
  return rank >= 0 && static_cast<std::size_t>(rank) < clock.size() ? clock[static_cast<std::size_t>(rank)] : 0;
}

bool same_record(const HbAccess& a, const HbAccess& b) {
  return a.access == b.access && a.access.site.rank == b.access.site.rank && a.access.site.pc == b.access.site.pc &&
         a.access.site.op == b.access.site.op && a.issued == b.issued && a.completed == b.completed &&
         a.exclusive == b.exclusive;
}

}  // namespace

bool happens_before(const HbAccess& a, const HbAccess& b) {
  return a.completed != 0 && entry(b.issued, a.access.site.rank) >= a.completed;
}

bool races(const HbAccess& a, const HbAccess& b) {
  if (a.access.site.rank == b.access.site.rank) return false;  // one origin: program order (same-origin rules)
  if (a.hi <= b.lo || b.hi <= a.lo) return false;
  if (compatible(a.access, b.access)) return false;
  if (a.exclusive || b.exclusive) return false;  // the exclusive lock serialises the epochs
  return !happens_before(a, b) && !happens_before(b, a);
}

bool same_origin_unordered(const HbAccess& earlier, const HbAccess& later, unsigned ordering) {
  if (earlier.access.site.rank != later.access.site.rank) return false;
  if (earlier.access.kind != RmaAccessKind::accumulate || later.access.kind != RmaAccessKind::accumulate) return false;
  if (earlier.hi <= later.lo || later.hi <= earlier.lo) return false;
  if (compatible(earlier.access, later.access)) return false;
  if (happens_before(earlier, later) || happens_before(later, earlier)) return false;
  return !accumulates_ordered(earlier.access, later.access, ordering);
}

void RmaHappensBefore::add(int me, HbAccess a) {
  if (a.lo >= a.hi) return;
  // Candidates: kept accesses starting before a.hi and at most `longest_` before a.lo.
  const std::uint64_t from = a.lo > longest_ ? a.lo - longest_ : 0;
  for (auto it = by_lo_.lower_bound(from); it != by_lo_.end() && it->first < a.hi; ++it) {
    const HbAccess& b = kept_.at(it->second);
    const bool same_origin = b.access.site.rank == a.access.site.rank;
    if (same_origin ? !same_origin_unordered(b, a, ordering_) : !races(b, a)) continue;
    const auto key = std::make_tuple(b.access.site.pc, b.access.site.rank, a.access.site.pc, a.access.site.rank);
    const auto mirrored = std::make_tuple(a.access.site.pc, a.access.site.rank, b.access.site.pc, b.access.site.rank);
    if (reported_.count(key) || reported_.count(mirrored)) continue;
    reported_.insert(key);
    const std::uint64_t lo = std::max(a.lo, b.lo), hi = std::min(a.hi, b.hi);
    const bool atomic = a.access.kind == RmaAccessKind::accumulate || b.access.kind == RmaAccessKind::accumulate;
    auto access = [&](const RmaAccess& x) { return Access{x.site, target_kind(x), lo, hi - lo, x.time, 0}; };
    sink_({atomic ? ErrorClass::rma_remote_atomicity : ErrorClass::rma_remote_conflict,
           a.access.site.op + " by rank " + std::to_string(a.access.site.rank) + " and " + b.access.site.op +
               " by rank " + std::to_string(b.access.site.rank) + " touch bytes [" + std::to_string(lo) + ", " +
               std::to_string(hi) + ") of rank " + std::to_string(me) +
               "'s window, and neither happens before the other " +
               (same_origin ? std::string("(one origin, in one epoch, and the window's accumulate_ordering info "
                                          "does not order them)")
                            : std::string("(no synchronisation, message or collective orders one's completion "
                                          "before the other's call)")),
           {access(a.access), access(b.access)}});
  }
  // Consecutive accesses of one call site in one epoch (a loop over
  // neighbouring elements) become one record.
  if (auto last = kept_.find(last_); last != kept_.end() && same_record(last->second, a) &&
                                     a.lo <= last->second.hi && last->second.lo <= a.hi) {
    HbAccess& k = last->second;
    if (a.lo < k.lo) {
      for (auto it = by_lo_.lower_bound(k.lo); it != by_lo_.end() && it->first == k.lo; ++it)
        if (it->second == last_) {
          by_lo_.erase(it);
          break;
        }
      k.lo = a.lo;
      by_lo_.emplace(k.lo, last_);
    }
    k.hi = std::max(k.hi, a.hi);
    longest_ = std::max(longest_, k.hi - k.lo);
    return;
  }
  longest_ = std::max(longest_, a.hi - a.lo);
  const std::uint64_t n = next_++;
  by_lo_.emplace(a.lo, n);
  kept_.emplace(n, std::move(a));
  last_ = n;
  while (kept_.size() > capacity_) {
    auto oldest = kept_.begin();
    for (auto it = by_lo_.lower_bound(oldest->second.lo); it != by_lo_.end(); ++it)
      if (it->second == oldest->first) {
        by_lo_.erase(it);
        break;
      }
    kept_.erase(oldest);
    ++dropped_;
  }
}

std::size_t RmaHappensBefore::bytes() const {
  std::size_t b = 0;
  for (const auto& [n, a] : kept_)
    b += sizeof(HbAccess) + a.issued.size() * sizeof(std::uint32_t) + a.access.site.op.capacity() +
         6 * sizeof(void*) + sizeof(std::uint64_t);
  return b + by_lo_.size() * (2 * sizeof(std::uint64_t) + 4 * sizeof(void*));
}

}  // namespace assay::core
