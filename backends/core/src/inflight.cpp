#include "assay/core/inflight.hpp"

#include <algorithm>
#include <iterator>

namespace assay::core {

void InFlight::split(std::uintptr_t at) {
  auto it = segments_.upper_bound(at);
  if (it == segments_.begin()) return;
  --it;
  if (it->first == at || it->second.hi <= at) return;  // already a boundary, or in a gap
  Segment right{it->second.hi, it->second.ops};
  it->second.hi = at;
  segments_.emplace_hint(std::next(it), at, std::move(right));
}

void InFlight::merge_left(Map::iterator it) {
  if (it == segments_.end() || it == segments_.begin()) return;
  auto left = std::prev(it);
  if (left->second.hi != it->first || left->second.ops != it->second.ops) return;
  left->second.hi = it->second.hi;
  segments_.erase(it);
}

void InFlight::add(Op op, std::uintptr_t lo, std::uintptr_t hi) {
  if (hi <= lo) return;
  ranges_[op].emplace_back(lo, hi);
  // Most ranges meet no segment (the blocks of a datatype, added in order): one
  // lookup and one new segment, or the touching segment of this op alone grown.
  auto next = segments_.lower_bound(lo);
  const bool free_before = next == segments_.begin() || std::prev(next)->second.hi <= lo;
  if (free_before && (next == segments_.end() || next->first >= hi)) {
    if (next != segments_.begin()) {
      auto prev = std::prev(next);
      if (prev->second.hi == lo && prev->second.ops.size() == 1 && prev->second.ops[0] == op) {
        prev->second.hi = hi;
        merge_left(next);
        return;
      }
    }
    merge_left(std::next(segments_.emplace_hint(next, lo, Segment{hi, {op}})));
    return;
  }
  split(lo);
  split(hi);
  std::uintptr_t at = lo;
  auto it = segments_.lower_bound(lo);
  while (at < hi) {
    if (it == segments_.end() || it->first > at) {
      // A gap [at, next segment or hi): a new segment of this op alone.
      const std::uintptr_t end = (it == segments_.end()) ? hi : std::min(hi, it->first);
      it = segments_.emplace_hint(it, at, Segment{end, {op}});
    } else {
      auto& ops = it->second.ops;
      auto pos = std::lower_bound(ops.begin(), ops.end(), op);
      if (pos == ops.end() || *pos != op) ops.insert(pos, op);
    }
    at = it->second.hi;
    ++it;
  }
  // Neighbours listing the same ops become one segment again.
  auto first = segments_.find(lo);
  auto last = segments_.lower_bound(hi);
  std::vector<std::uintptr_t> starts;
  for (auto i = first; i != last; ++i) starts.push_back(i->first);
  if (last != segments_.end()) starts.push_back(last->first);
  for (std::uintptr_t s : starts) merge_left(segments_.find(s));
}

bool InFlight::remove(Op op) {
  auto r = ranges_.find(op);
  if (r == ranges_.end()) return false;
  for (const Range& range : r->second) {
    auto it = segments_.upper_bound(range.first);
    if (it != segments_.begin()) --it;
    while (it != segments_.end() && it->first < range.second) {
      auto& ops = it->second.ops;
      auto pos = std::lower_bound(ops.begin(), ops.end(), op);
      if (pos != ops.end() && *pos == op) ops.erase(pos);
      if (ops.empty()) {
        it = segments_.erase(it);
      } else {
        auto next = std::next(it);
        merge_left(it);  // may erase it
        it = next;
      }
    }
    merge_left(it);
  }
  ranges_.erase(r);
  return true;
}

std::vector<InFlight::Op> InFlight::overlapping(std::uintptr_t lo, std::uintptr_t hi) const {
  std::vector<Op> out;
  if (hi <= lo || segments_.empty()) return out;
  auto it = segments_.upper_bound(lo);
  if (it != segments_.begin()) {
    auto prev = std::prev(it);
    if (prev->second.hi > lo) it = prev;
  }
  for (; it != segments_.end() && it->first < hi; ++it) out.insert(out.end(), it->second.ops.begin(), it->second.ops.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::uintptr_t InFlight::first_covered(std::uintptr_t at) const {
  auto it = segments_.upper_bound(at);
  if (it != segments_.begin() && std::prev(it)->second.hi > at) return at;
  return it == segments_.end() ? UINTPTR_MAX : it->first;
}

std::vector<InFlight::Range> InFlight::ranges_of(Op op) const {
  std::vector<Range> out;
  auto r = ranges_.find(op);
  if (r == ranges_.end()) return out;
  out = r->second;
  std::sort(out.begin(), out.end());
  std::vector<Range> merged;
  for (const Range& x : out) {
    if (!merged.empty() && x.first <= merged.back().second) merged.back().second = std::max(merged.back().second, x.second);
    else merged.push_back(x);
  }
  return merged;
}

std::vector<InFlight::Range> InFlight::covered() const {
  std::vector<Range> out;
  for (const auto& [lo, seg] : segments_) {
    if (!out.empty() && out.back().second == lo) out.back().second = seg.hi;
    else out.emplace_back(lo, seg.hi);
  }
  return out;
}

InFlight::Range InFlight::gap_at(std::uintptr_t at) const {
  auto next = segments_.upper_bound(at);
  std::uintptr_t lo = 0;
  if (next != segments_.begin()) {
    const Segment& prev = std::prev(next)->second;
    if (prev.hi > at) return {0, 0};  // covered
    lo = prev.hi;
  }
  return {lo, next == segments_.end() ? UINTPTR_MAX : next->first};
}

std::vector<InFlight::Range> widest_gaps(std::vector<InFlight::Range> covered, std::size_t count) {
  std::sort(covered.begin(), covered.end());
  std::vector<InFlight::Range> gaps;
  std::uintptr_t end = 0;
  for (std::size_t i = 0; i < covered.size(); ++i) {
    if (i > 0 && covered[i].first > end) gaps.emplace_back(end, covered[i].first);
    end = i == 0 ? covered[i].second : std::max(end, covered[i].second);
  }
  const auto wider = [](const InFlight::Range& a, const InFlight::Range& b) {
    return a.second - a.first > b.second - b.first;
  };
  const std::size_t n = std::min(count, gaps.size());
  std::partial_sort(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(n), gaps.end(), wider);
  gaps.resize(n);
  return gaps;
}

}  // namespace assay::core
