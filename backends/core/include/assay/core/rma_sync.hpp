#pragma once
// Windows, epochs and RMA operations as seen by one origin process: epoch and
// lifecycle misuse (operation outside an epoch, double or unmatched epochs,
// fence assertions, free with an open epoch, leaks, out-of-bounds target
// displacements) and conflicts between this origin's own operations on one
// target within one epoch (an IntervalSet per target, cleared when the epoch
// or a flush completes the operations).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/intervals.hpp"

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
};

struct WindowMemory {  // interval-structure statistics of one window
  std::uint64_t window_bytes = 0;
  std::size_t nodes = 0, depth = 0, bytes = 0, peak_nodes = 0;
};

class RmaSync {
 public:
  using Win = std::uint64_t;
  explicit RmaSync(FindingSink sink) : sink_(std::move(sink)) {}

  // targets[r] describes rank r's part; empty for dynamic windows (no bounds check).
  void created(Win w, const Site& site, int my_rank, std::vector<WindowTarget> targets);
  void freed(Win w, const Site& site);
  void fence(Win w, unsigned asserts, const Site& site);
  void lock(Win w, int target, const Site& site);
  void unlock(Win w, int target, const Site& site);
  void lock_all(Win w, const Site& site);
  void unlock_all(Win w, const Site& site);
  // flush / flush_all (before the call): needs a passive-target epoch; operations complete.
  void flush(Win w, std::optional<int> target, const Site& site);
  void start(Win w, const Site& site);
  void complete(Win w, const Site& site);
  void post(Win w, const Site& site);
  void wait(Win w, const Site& site);
  void operation(Win w, const RmaOperation& op);
  void finalize();

  bool known(Win w) const { return windows_.count(w) != 0; }
  std::optional<WindowMemory> memory(Win w) const;

 private:
  struct Window {
    Site created_at;
    int my_rank = 0;
    std::vector<WindowTarget> targets;
    bool fence_epoch = false;       // a fence opened an epoch (not NOSUCCEED)
    bool ops_since_fence = false;
    std::optional<Site> last_fence;
    bool fence_no_succeed = false;      // the last fence promised no further epoch
    std::optional<Site> last_closed;    // the call that ended the last access epoch
    std::optional<Site> last_op;        // the last operation issued since the last fence
    std::map<int, Site> locks;
    std::optional<Site> lock_all, start, post;
    std::map<int, IntervalSet> pending;  // per target, this epoch's uncompleted operations
    std::size_t peak_nodes = 0;
  };
  Window* find(Win w, const Site& site);
  bool in_epoch(const Window& win, int target) const;
  void report(ErrorClass c, std::string message, std::vector<Access> accesses);
  void complete_all(Window& win) { win.pending.clear(); }

  FindingSink sink_;
  std::map<Win, Window> windows_;
};

}  // namespace assay::core
