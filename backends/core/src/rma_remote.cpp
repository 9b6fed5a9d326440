#include "assay/core/rma_remote.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace assay::core {

bool may_precede(const PassiveMarks& earlier, std::optional<std::uint64_t> final_sends,
                 const PassiveMarks& later) {
  if (later.collectives_at_lock > earlier.collectives_at_unlock) return true;  // a collective between them
  const bool told = !final_sends || *final_sends > earlier.sends_at_unlock;
  return told && later.receives_at_lock > 0;
}

// Calls by name; collectives come through collective(). Others may learn of
// this process after a send, an active-target synchronisation, or an RMA
// call that may update a target (a flag the target polls: it may land before
// it completes, so it tells from its call on; a fetch with MPI_NO_OP counts
// too, by name). A flush, or the release of a shared lock, tells nothing new:
// the flush completes operations counted at their call, and a shared lock
// holds back no other process's accesses; an exclusive lock's release does
// (released_exclusive). Locks order nothing by themselves.
void OrderingEvents::call(std::string_view name) {
  static const std::set<std::string_view> sends_ = {
      "MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend", "MPI_Ibsend", "MPI_Issend",
      "MPI_Irsend", "MPI_Start", "MPI_Startall", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Comm_idup",
      "MPI_Put", "MPI_Rput", "MPI_Accumulate", "MPI_Raccumulate", "MPI_Get_accumulate", "MPI_Rget_accumulate",
      "MPI_Fetch_and_op", "MPI_Compare_and_swap"};
  static const std::set<std::string_view> receives_ = {
      "MPI_Recv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Wait", "MPI_Waitall", "MPI_Waitany",
      "MPI_Waitsome", "MPI_Test", "MPI_Testall", "MPI_Testany", "MPI_Testsome", "MPI_Probe",
      "MPI_Iprobe", "MPI_Comm_idup", "MPI_Win_unlock", "MPI_Win_unlock_all", "MPI_Win_flush",
      "MPI_Win_flush_all"};
  static const std::set<std::string_view> synchronisations = {
      "MPI_Win_fence", "MPI_Win_start", "MPI_Win_complete", "MPI_Win_post", "MPI_Win_wait", "MPI_Win_test"};
  const bool sync = synchronisations.count(name) != 0;
  if (sync || sends_.count(name)) ++sends;
  if (sync || receives_.count(name)) ++receives;
}

void OrderingEvents::released_exclusive() { ++sends; }

void OrderingEvents::collective(std::uint64_t comm) {
  ++sends;
  ++receives;
  ++collectives[comm];
}

PassiveMarks OrderingEvents::now(std::uint64_t comm) const {
  auto c = collectives.find(comm);
  const std::uint64_t coll = c == collectives.end() ? 0 : c->second;
  PassiveMarks m;
  m.collectives_at_lock = m.collectives_at_unlock = coll;
  m.receives_at_lock = receives - coll;
  m.sends_at_unlock = sends - coll;
  return m;
}

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
  auto precedes = [&](const RmaAccess& a, const RmaAccess& b) {
    auto s = sends.find(a.site.rank);
    return may_precede(marks_[a.epoch], s == sends.end() ? std::nullopt : std::optional(s->second), marks_[b.epoch]);
  };
  for (const Suspect& s : suspects_)
    if (!precedes(s.previous, s.now.access) && !precedes(s.now.access, s.previous))
      report(me, s.previous, s.now, s.lo, s.hi, "in concurrent passive-target epochs", s.time, 0);
  suspects_.clear();
}

}  // namespace assay::core
