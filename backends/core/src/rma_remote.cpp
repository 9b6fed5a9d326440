#include "assay/core/rma_remote.hpp"

#include <algorithm>
#include <string>

namespace assay::core {

namespace {
AccessKind target_kind(const RmaAccess& a) {
  return a.kind == RmaAccessKind::read || (a.kind == RmaAccessKind::accumulate && a.op == rma_op_no_op)
             ? AccessKind::read
             : AccessKind::write;
}
}  // namespace

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
                           std::uint64_t closed, const std::optional<Site>& no_put) {
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
  epoch_peak_ = std::max(epoch_peak_, set.nodes());
  epoch_peak_depth_ = std::max(epoch_peak_depth_, set.depth());
  epoch_peak_bytes_ = std::max(epoch_peak_bytes_, set.bytes());
}

void RemoteAccesses::passive(int me, const RemoteRecord& r, std::uint64_t now) {
  if (r.completion != RmaCompletion::unlock_shared) return;
  const Interval& i = r.interval;
  if (auto c = passive_.insert(i.lo, i.hi, i.access, true))
    report(me, c->previous, i, c->lo, c->hi, "in concurrent passive-target epochs", now, 0);
}

}  // namespace assay::core
