#pragma once
// Windows, epochs and RMA operations as seen by one origin process: epoch and
// lifecycle misuse (operation outside an epoch, double or unmatched epochs,
// fence assertions, free with an open epoch, leaks, out-of-bounds target
// displacements) and conflicts between this origin's own operations on one
// target within one epoch (an IntervalSet per target, cleared when the epoch
// or a flush completes the operations).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/intervals.hpp"
#include "assay/core/rma_remote.hpp"

namespace assay::core {

struct WindowTarget {
  std::uint64_t size = 0;       // bytes exposed by that rank
  std::uint64_t disp_unit = 1;
};

// Fence assertions (the backend maps MPI_MODE_* to these).
enum FenceAssert : unsigned { no_precede = 1, no_succeed = 2, no_store = 4, no_put = 8 };

struct RmaOperation {
  RmaAccess access;               // kind, accumulate op/type, call site
  int target = 0;
  std::int64_t target_disp = 0;   // in the target's disp units
  std::uint64_t target_bytes = 0; // extent of target count x datatype
  std::uint32_t element_size = 0; // bytes of an accumulate's basic type (0: not known)
  // The bytes actually touched, as [lo, hi) relative to the displacement
  // (a strided datatype leaves gaps); empty: all of target_bytes.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> blocks;
};

struct WindowMemory {  // interval-structure statistics of one window (origin and target side)
  std::uint64_t window_bytes = 0;
  std::size_t nodes = 0, depth = 0, bytes = 0, peak_nodes = 0, peak_depth = 0, peak_bytes = 0;
};

// Called when a synchronisation completes this rank's operations on one
// target, before they are forgotten: the backend ships them to the target.
using CompletionSink = std::function<void(std::uint64_t win, int target, RmaCompletion how,
                                          std::vector<Interval> intervals)>;

class RmaSync {
 public:
  using Win = std::uint64_t;
  explicit RmaSync(FindingSink sink) : sink_(std::move(sink)) {}
  void on_complete(CompletionSink c) { completed_ = std::move(c); }

  // targets[r] describes rank r's part; empty for dynamic windows (no bounds check).
  // accumulate_ordering: the window's info (AccumulateOrdering mask).
  void created(Win w, const Site& site, int my_rank, std::vector<WindowTarget> targets,
               unsigned accumulate_ordering = ordering_default);
  // MPI_Win_free: free_check reports an open epoch (before the backend's own
  // exchange in the free, which could block behind the program's hang); freed
  // also forgets the window.
  bool free_check(Win w, const Site& site);
  void freed(Win w, const Site& site);
  void fence(Win w, unsigned asserts, const Site& site);
  void lock(Win w, int target, const Site& site, bool exclusive = false);
  void unlock(Win w, int target, const Site& site);
  void lock_all(Win w, const Site& site);
  void unlock_all(Win w, const Site& site);
  // flush / flush_all (before the call): needs a passive-target epoch; operations complete.
  void flush(Win w, std::optional<int> target, const Site& site);
  void start(Win w, const Site& site);
  void complete(Win w, const Site& site);
  void post(Win w, const Site& site);
  void wait(Win w, const Site& site);
  // op.access.request nonzero: an MPI_Rget, whose read its request completes.
  void operation(Win w, const RmaOperation& op);
  // The request of an MPI_Rget completed (a wait or test said so): the data
  // has arrived, so the read at the target is done (MPI-3.1 §11.3.5). It
  // leaves this epoch's pending accesses (a later access of this rank to the
  // same bytes no longer conflicts with it) and is handed to the completion
  // sink as its epoch's unlock would, now.
  void request_completed(std::uint64_t request);
  // An operation to MPI_PROC_NULL moves nothing but must still lie in an access
  // epoch (MPI-3.1 §11.3), of any kind and to any target.
  void null_operation(Win w, const Site& site);
  void finalize();

  bool known(Win w) const { return windows_.count(w) != 0; }
  std::optional<WindowMemory> memory(Win w) const;
  // The target side of w on this rank (nullptr for unknown windows).
  RemoteAccesses* remote(Win w);

 private:
  struct Window {
    Site created_at;
    int my_rank = 0;
    std::vector<WindowTarget> targets;
    unsigned accumulate_ordering = ordering_default;
    bool fence_epoch = false;       // a fence opened an epoch (not NOSUCCEED)
    bool ops_since_fence = false;
    std::optional<Site> last_fence;
    bool fence_no_succeed = false;      // the last fence promised no further epoch
    std::optional<Site> last_closed;    // the call that ended the last access epoch
    std::optional<Site> last_op;        // the last operation issued since the last fence
    std::map<int, Site> locks;
    std::map<int, bool> exclusive;  // per locked target
    bool free_checked = false;
    std::optional<Site> lock_all, start, post;
    std::map<int, IntervalSet> pending;  // per target, this epoch's uncompleted operations
    std::size_t peak_nodes = 0, peak_depth = 0, peak_bytes = 0;
    std::optional<RemoteAccesses> remote;
  };
  Window* find(Win w, const Site& site);
  bool in_epoch(const Window& win, int target) const;
  void outside_epoch(const Window& win, const Site& site);  // reports the operation at site
  void report(ErrorClass c, std::string message, std::vector<Access> accesses);
  void complete(Win w, Window& win, int target, RmaCompletion how);
  void complete_all(Win w, Window& win, RmaCompletion how);
  void track_peak(Window& win);
  bool mixed_into_fence(Window& win, const Site& site);

  FindingSink sink_;
  CompletionSink completed_;
  std::map<Win, Window> windows_;
  struct RequestRead {  // where an MPI_Rget's read waits for its request
    Win w;
    int target;
    std::uint64_t lo, hi;
  };
  std::map<std::uint64_t, RequestRead> request_reads_;
  std::optional<Site> last_freed_;
};

}  // namespace assay::core
