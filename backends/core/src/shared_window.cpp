#include "assay/core/shared_window.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace assay::core {

bool shared_ordered(const SharedProcess& p, std::uint64_t ps, const SharedProcess& q, std::uint64_t qs) {
  if (ps >= p.syncs.size() || qs == 0 || qs > q.syncs.size()) return false;  // no release, or no acquire
  const SharedSync& release = p.syncs[ps];
  const SharedSync& acquire = q.syncs[qs - 1];
  if (acquire.collectives > release.collectives) return true;
  const auto from = static_cast<std::size_t>(p.rank), to = static_cast<std::size_t>(q.rank);
  return from < acquire.received.size() && to < release.sent.size() && acquire.received[from] > release.sent[to];
}

std::vector<SharedRace> shared_races(const SharedProcess& a, const SharedProcess& b) {
  // b's runs by (owner, lo); a run of b that overlaps one of a starts at most
  // `widest` bytes before it.
  std::vector<const SharedRun*> sorted;
  std::uint64_t widest = 0;
  for (const SharedRun& r : b.runs) {
    sorted.push_back(&r);
    widest = std::max(widest, r.hi - r.lo);
  }
  const auto before = [](const SharedRun* x, std::pair<int, std::uint64_t> k) {
    return std::pair(x->owner, x->lo) < k;
  };
  std::sort(sorted.begin(), sorted.end(), [](const SharedRun* x, const SharedRun* y) {
    return std::tie(x->owner, x->lo) < std::tie(y->owner, y->lo);
  });
  std::vector<SharedRace> out;
  std::set<std::pair<std::uint64_t, std::uint64_t>> sites;
  for (const SharedRun& x : a.runs) {
    const std::uint64_t from = x.lo > widest ? x.lo - widest : 0;
    for (auto it = std::lower_bound(sorted.begin(), sorted.end(), std::pair(x.owner, from), before);
         it != sorted.end() && (*it)->owner == x.owner && (*it)->lo < x.hi; ++it) {
      const SharedRun& y = **it;
      if (y.hi <= x.lo || (!x.write && !y.write)) continue;
      if (x.exclusive >= 0 && x.exclusive == y.exclusive) continue;
      if (shared_ordered(a, x.segment, b, y.segment) || shared_ordered(b, y.segment, a, x.segment)) continue;
      if (!sites.emplace(x.site, y.site).second) continue;
      out.push_back({&x, &y, std::max(x.lo, y.lo), std::min(x.hi, y.hi)});
    }
  }
  return out;
}

}  // namespace assay::core
