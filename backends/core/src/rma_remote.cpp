#include "assay/core/rma_remote.hpp"

#include <algorithm>
#include <string>

namespace assay::core {

void RemoteAccesses::report(int me, const RmaAccess& previous, const Interval& now,
                            std::uint64_t lo, std::uint64_t hi, const char* how, std::uint64_t t0,
                            std::uint64_t t1) {
  // Any accumulate in the pair: the atomicity guarantee is broken (mixed with a
  // put or get, or another op/type); otherwise a plain put/get conflict.
  const bool atomic = previous.kind == RmaAccessKind::accumulate ||
                      now.access.kind == RmaAccessKind::accumulate;
  auto access = [&](const RmaAccess& a) {
    return Access{a.site, target_kind(a), lo, hi - lo, t0, t1};
  };
  sink_({atomic ? ErrorClass::rma_remote_atomicity : ErrorClass::rma_remote_conflict,
         now.access.site.op + " by rank " + std::to_string(now.access.site.rank) + " and " +
             previous.site.op + " by rank " + std::to_string(previous.site.rank) +
             " touch bytes [" + std::to_string(lo) + ", " + std::to_string(hi) + ") of rank " +
             std::to_string(me) + "'s window " + how + " without ordering",
         {access(now.access), access(previous)}});
}

void RemoteAccesses::epoch(int me, const std::vector<RemoteRecord>& records, std::uint64_t opened,
                           std::uint64_t closed, const std::optional<Site>& no_put,
                           const std::vector<RemoteRecord>& own) {
  if (no_put) {
    auto update = std::find_if(records.begin(), records.end(), [](const RemoteRecord& r) {
      return target_kind(r.interval.access) == AccessKind::write;
    });
    if (update != records.end()) {
      const RmaAccess& a = update->interval.access;
      sink_({ErrorClass::rma_sync_assert_violation,
             a.site.op + " by rank " + std::to_string(a.site.rank) + " updates rank " +
                 std::to_string(me) + "'s window in an epoch opened by " + no_put->op +
                 " with MPI_MODE_NOPUT",
             {Access{a.site, AccessKind::call, 0, 0, a.time, 0},
              Access{*no_put, AccessKind::call, 0, 0, opened, 0}}});
    }
  }
  IntervalSet set;
  for (const RemoteRecord& r : records) {
    const Interval& i = r.interval;
    if (auto c = set.insert(i.lo, i.hi, i.access, true))
      report(me, c->previous, i, c->lo, c->hi, "in one epoch", opened, closed);
  }
  for (const RemoteRecord& r : own) {
    const Interval& i = r.interval;
    if (auto c = set.insert(i.lo, i.hi, i.access, true)) {
      auto access = [&](const RmaAccess& a) {
        return Access{a.site, target_kind(a), c->lo, c->hi - c->lo, opened, closed};
      };
      sink_({ErrorClass::rma_local_target_access_during_remote,
             i.access.site.op + " on rank " + std::to_string(me) + " makes MPI " +
                 (i.access.kind == RmaAccessKind::read ? "read" : "write") + " bytes [" +
                 std::to_string(c->lo) + ", " + std::to_string(c->hi) + ") of its own window, which " +
                 c->previous.site.op + " by rank " + std::to_string(c->previous.site.rank) +
                 " accesses in the same epoch",
             {access(i.access), access(c->previous)}});
    }
  }
  epoch_peak_ = std::max(epoch_peak_, set.nodes());
  epoch_peak_depth_ = std::max(epoch_peak_depth_, set.depth());
  epoch_peak_bytes_ = std::max(epoch_peak_bytes_, set.bytes());
}

void RemoteAccesses::passive(int, const RemoteRecord& r, std::uint64_t now) {
  if (r.completion != RmaCompletion::unlock_shared) return;
  // The records of one epoch share its marks.
  if (marks_.empty() || !(marks_.back() == r.marks)) marks_.push_back(r.marks);
  Interval i = r.interval;
  i.access.epoch = static_cast<std::uint32_t>(marks_.size() - 1);
  if (auto c = passive_.insert(i.lo, i.hi, i.access, true)) suspects_.push_back({c->previous, i, c->lo, c->hi, now});
}

void RemoteAccesses::settle(int me, const std::map<int, std::uint64_t>& sends) {
  // Whether the epoch of `a` may precede the epoch of `b`.
  auto may_precede = [&](const RmaAccess& a, const RmaAccess& b) {
    const PassiveMarks& x = marks_[a.epoch];
    const PassiveMarks& y = marks_[b.epoch];
    if (y.collectives_at_lock > x.collectives_at_unlock) return true;  // a collective between them
    auto s = sends.find(a.site.rank);
    const bool told = s == sends.end() || s->second > x.sends_at_unlock;
    return told && y.receives_at_lock > 0;
  };
  for (const Suspect& s : suspects_)
    if (!may_precede(s.previous, s.now.access) && !may_precede(s.now.access, s.previous))
      report(me, s.previous, s.now, s.lo, s.hi, "in concurrent passive-target epochs", s.time, 0);
  suspects_.clear();
}

}  // namespace assay::core
