#pragma once
// MPI resources and the MPI lifetime: handles the program creates and frees
// (communicators, datatypes, groups, ops), calls outside MPI_Init..MPI_Finalize,
// and calls that break the thread level MPI provided. Handles are widened to
// 64 bits by the backend; thread ids are any per-thread 64-bit value.
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>

#include "assay/core/finding.hpp"

namespace assay::core {

enum class ResourceKind { communicator, datatype, group, op };
std::string_view name(ResourceKind k);

// Live handles with their creation sites; whatever is live at MPI_Finalize leaks.
class ResourceTracker {
 public:
  explicit ResourceTracker(FindingSink sink) : sink_(std::move(sink)) {}
  // The backend leaves out predefined and null handles and those made by MPI
  // itself or by the checker.
  void created(ResourceKind k, std::uint64_t handle, Site site);
  // Frees of handles it never saw (predefined, created before tracking) are ignored.
  void freed(ResourceKind k, std::uint64_t handle);
  // Reports every live handle, in creation order, and forgets them.
  void finalize(const Site& at);
  std::size_t live(ResourceKind k) const;

 private:
  struct Entry {
    Site site;
    std::uint64_t order;
  };
  FindingSink sink_;
  std::map<std::pair<ResourceKind, std::uint64_t>, Entry> live_;
  std::uint64_t next_ = 0;
};

// MPI's lifetime as the program sees it.
class Lifecycle {
 public:
  enum class Phase { before_init, active, finalized };
  explicit Lifecycle(FindingSink sink) : sink_(std::move(sink)) {}
  // A call while not active: reported (once per function name is enough for
  // the reader; every call is reported since MPI usually aborts right after).
  // Returns whether it was outside.
  bool call(const Site& site);
  void initialized(const Site& site);  // MPI_Init/MPI_Init_thread returned
  void finalized();                    // MPI_Finalize entered
  Phase phase() const { return phase_; }

 private:
  FindingSink sink_;
  Phase phase_ = Phase::before_init;
  Site init_;
};

// The thread level MPI provided (MPI_THREAD_* order: single < funneled <
// serialized < multiple) against the threads that call MPI. Thread-safe.
class ThreadLevel {
 public:
  enum Level { single = 0, funneled = 1, serialized = 2, multiple = 3 };
  explicit ThreadLevel(FindingSink sink) : sink_(std::move(sink)) {}
  void provided(Level level, std::uint64_t main_thread, Site init);
  // Around every outermost MPI call of the program: enter() returns why the
  // call breaks the level (the first violation only), else nullptr; the caller
  // then builds the site and report()s it, so a clean call costs no site.
  const char* enter(std::uint64_t thread);
  void leave();
  void report(const Site& site, const char* why);
  // Serialized: whether this call comes from another thread than the previous
  // one. The backend then stays inside the call a little longer, so that a
  // second thread calling without synchronisation overlaps it observably.
  bool handed_over(std::uint64_t thread);

 private:
  const char* violation(const char* why);
  FindingSink sink_;
  Level level_ = multiple;  // nothing is checked before MPI_Init_thread told us
  std::uint64_t main_ = 0;
  Site init_;
  std::atomic<int> inside_{0};
  std::atomic<std::uint64_t> last_{0};
  std::atomic<bool> reported_{false};
};

}  // namespace assay::core
