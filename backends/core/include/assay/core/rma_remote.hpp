#pragma once
// The target side of RMA race analysis: the accesses other processes made to
// this rank's part of one window, learnt at synchronisation points (the
// backend ships each origin's completed intervals to their target), checked
// across origins with the RMA-Analyzer compatibility rules.
//
// Ordering model (what an epoch model can express without vector clocks):
// - Active target: every access of one fence epoch, or of one exposure epoch
//   (post ... wait), is concurrent with every other one of the same epoch; the
//   fence or post/wait pair orders epochs, so each epoch is checked on its own.
// - Passive target: an access made under an exclusive lock is serialised with
//   every other origin's epoch; an access completed by MPI_Win_flush(_all) may
//   be ordered after the flush by any later synchronisation (barrier, message,
//   epoch) the epoch model cannot see, so it is not kept; the remaining
//   accesses (shared lock or lock_all, completed only by the unlock) of
//   different origins conflict unless something could have ordered their
//   epochs: a collective on the window's communicator between them, or a call
//   after one epoch's unlock by which its origin may have told others
//   (message, collective, active-target synchronisation, an RMA update issued
//   later, an exclusive lock released; not a flush nor a shared lock's
//   release) together with a call before the other epoch's lock by which
//   that origin may have learnt (PassiveMarks).
//   Without clocks a chain of such calls cannot be followed, so it is assumed.
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/intervals.hpp"

namespace assay::core {

// What could order a passive-target epoch of an origin with another origin's,
// without clocks: the origin's count of collectives on the window's
// communicator when it locked and when it unlocked (the n-th collective is the
// same call on every member), the calls by which it may have learnt of other
// processes before the lock, and those after which others may learn of it, up
// to the unlock (the backend knows the count at MPI_Win_free).
struct PassiveMarks {
  std::uint64_t collectives_at_lock = 0, collectives_at_unlock = 0;
  std::uint64_t receives_at_lock = 0, sends_at_unlock = 0;
  bool operator==(const PassiveMarks&) const = default;
};

// Whether the epoch marked `earlier` may have been ordered before the one
// marked `later` by calls the epoch model cannot follow: a collective on the
// window's communicator between them, or a call after `earlier` by which its
// process may have told others (`final_sends`: its count at the window's free;
// unknown: assumed) and one before `later` by which the other may have learnt.
bool may_precede(const PassiveMarks& earlier, std::optional<std::uint64_t> final_sends,
                 const PassiveMarks& later);

// One process's count of the calls PassiveMarks are made of.
struct OrderingEvents {
  // sends: calls after which others may learn of this process (sends,
  // collectives, RMA updates, exclusive releases).
  std::uint64_t sends = 0;
  std::uint64_t receives = 0;  // calls by which it may learn of others: receives, completions, collectives
  std::map<std::uint64_t, std::uint64_t> collectives;  // per communicator (key), counted in both too
  void call(std::string_view name);     // every outermost MPI call, by name (collectives: below)
  void released_exclusive();            // an exclusive lock released (MPI_Win_unlock), after its completions
  void collective(std::uint64_t comm);  // every collective on comm, blocking or not
  // The marks now, as seen from a window over `comm`: its collectives apart
  // from every other call that may order (they are counted in both).
  PassiveMarks now(std::uint64_t comm) const;
};

// How the origin completed an interval it ships to the target.
enum class RmaCompletion { active, unlock_shared, unlock_exclusive, flush };

struct RemoteRecord {
  Interval interval;          // byte offsets in the target's window; access.site.rank = origin
  RmaCompletion completion = RmaCompletion::active;
  PassiveMarks marks;         // unlock_shared: what could order the epoch
};

class RemoteAccesses {
 public:
  explicit RemoteAccesses(FindingSink sink) : sink_(std::move(sink)) {}
  // All records of one fence or exposure epoch; `opened`/`closed`: logical
  // times of the target's synchronisations that opened and closed it.
  // `no_put`: the target's fence or post that opened the epoch asserting
  // MPI_MODE_NOPUT, if it did; a put or accumulate in the epoch violates it.
  // `own`: accesses MPI made to this rank's part of the window on its behalf
  // in the epoch (an origin buffer of its RMA calls, a send or receive
  // buffer, lying in window memory; site.rank = me): checked against the
  // other origins' records as local accesses (rma.local.target-access-during-remote).
  void epoch(int me, const std::vector<RemoteRecord>& records, std::uint64_t opened,
             std::uint64_t closed, const std::optional<Site>& no_put = std::nullopt,
             const std::vector<RemoteRecord>& own = {});
  // One passive-target record, in any order; `now`: when the target learnt of
  // it. Conflicts wait for settle(): whether anything ordered the two epochs
  // is known only once their origins stop.
  void passive(int me, const RemoteRecord& record, std::uint64_t now);
  // At MPI_Win_free, with every record in: sends[o], the calls after which
  // others may learn of origin o (world rank), counted as in PassiveMarks up
  // to its free. Reports the conflicts no such call could have ordered.
  void settle(int me, const std::map<int, std::uint64_t>& sends);

  std::size_t nodes() const { return passive_.nodes(); }
  // The largest single-epoch set (nodes, depth, bytes), freed after its check.
  std::size_t epoch_peak() const { return epoch_peak_; }
  std::size_t epoch_peak_depth() const { return epoch_peak_depth_; }
  std::size_t epoch_peak_bytes() const { return epoch_peak_bytes_; }
  std::size_t depth() const { return passive_.depth(); }
  std::size_t bytes() const { return passive_.bytes(); }

 private:
  void report(int me, const RmaAccess& previous, const Interval& now, std::uint64_t lo,
              std::uint64_t hi, const char* how, std::uint64_t t0, std::uint64_t t1);
  FindingSink sink_;
  IntervalSet passive_;
  std::vector<PassiveMarks> marks_;  // per passive record, by RmaAccess::epoch
  struct Suspect {
    RmaAccess previous;
    Interval now;
    std::uint64_t lo, hi, time;
  };
  std::vector<Suspect> suspects_;
  std::size_t epoch_peak_ = 0, epoch_peak_depth_ = 0, epoch_peak_bytes_ = 0;
};

}  // namespace assay::core
