#pragma once
// The interposition layer shared by PMPI-based checkers (docs/backends.md,
// "Writing a PMPI checker"). It owns the MPI entry points: for every call of
// calls.def a shim runs the registered checkers' before-hooks, the PMPI call,
// then their after-hooks. A checker fills a Hooks table with only the hooks
// it needs (a null slot costs one test) and registers it once, at load time:
//
//   static const assay::interpose::Checker checker = [] {
//     assay::interpose::Checker c{"mychecker"};
//     c.hooks.before_MPI_Send = [](Call& call, const void*, int count, ...) noexcept { ... };
//     return c;
//   }();
//   ASSAY_REGISTER_CHECKER(checker);
//
// Services a checker uses: call sites (sites.hpp), shadow communicators for
// its own traffic (shadows.hpp), datatype footprints and signatures
// (datatypes.hpp), and the one findings writer (findings.hpp).
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "assay/core/finding.hpp"

namespace assay::interpose {

// The per-process logical clock: one tick per intercepted call (the times of
// findings' accesses, for memory-access diagrams).
inline std::uint64_t next_time() noexcept {
  static std::atomic<std::uint64_t> clock{0};
  return ++clock;
}

// One interposed call in progress: its name and return address (the program's
// call site), plus scratch space a before-hook fills for its after-hook
// (handles MPI overwrites).
struct Call {
  const char* name;
  void* pc;
  std::vector<std::uint64_t> saved{};
  std::uint64_t time = next_time();
  core::Site site() const;  // name, this process's world rank, pc
};

// Calls MPI makes internally (or checkers make) are not analysed again.
class Guard {
 public:
  Guard() noexcept { ++depth_; }
  ~Guard() { --depth_; }
  Guard(const Guard&) = delete;
  Guard& operator=(const Guard&) = delete;
  bool outermost() const noexcept { return depth_ == 1; }

 private:
  static thread_local int depth_;
};

#define ASSAY_UNPAREN(...) __VA_ARGS__

// One slot per interposed call and moment; null = no hook. `instead_` replaces
// the PMPI call itself (the first checker that fills it wins): for a checker
// that must stay responsive while the program blocks, e.g. vclock's deadlock
// watchdog, which completes a blocking receive as a nonblocking one it polls.
struct Hooks {
#define ASSAY_CALL(family, name, params, args)                                \
  void (*before_##name)(Call&, ASSAY_UNPAREN params) noexcept = nullptr;      \
  int (*instead_##name)(Call&, ASSAY_UNPAREN params) noexcept = nullptr;      \
  void (*after_##name)(Call&, int rc, ASSAY_UNPAREN params) noexcept = nullptr;
#include "assay/interpose/calls.def"
#undef ASSAY_CALL
};

// Around the MPI lifetime and every outermost call.
struct Lifecycle {
  void (*before_init)(const Call&) noexcept = nullptr;        // MPI_Init* entered (may be after Finalize)
  void (*after_init)(const Call&, int provided) noexcept = nullptr;  // MPI is up, findings open
  void (*before_finalize)(const Call&) noexcept = nullptr;    // still inside MPI, before shadows go
  void (*outside_init)(const Call&) noexcept = nullptr;       // a call before Init or after Finalize
  void (*enter_call)(const Call&) noexcept = nullptr;         // every outermost call, before its hooks
  void (*leave_call)() noexcept = nullptr;                    // ... after them
};

struct Checker {
  std::string name;  // the default backend name of its findings (ASSAY_BACKEND overrides)
  Hooks hooks{};
  Lifecycle lifecycle{};
};

// Registers a checker for the life of the process; call from a static initializer.
void register_checker(const Checker& checker) noexcept;
#define ASSAY_REGISTER_CHECKER(checker) \
  static const bool assay_checker_registered_ = (::assay::interpose::register_checker(checker), true)

// The registered checkers, in registration order.
const std::vector<const Checker*>& checkers() noexcept;

// True between MPI_Init* and MPI_Finalize (checks run only then).
bool active() noexcept;
// This process's rank in MPI_COMM_WORLD (-1 before MPI_Init; the launcher's
// rank variable outside MPI's lifetime).
int world_rank() noexcept;
// The outermost interposed call of this thread in progress, if any.
const Call* current_call() noexcept;
// The family calls.def files an interposed call under (p2p, coll, rma, res);
// empty for a name it does not list.
std::string_view family_of(std::string_view name) noexcept;

// Handles widened for the analysis core (MPICH: int, Open MPI: pointer).
template <class H>
std::uint64_t key(H h) {
  if constexpr (std::is_pointer_v<H>) return reinterpret_cast<std::uintptr_t>(h);
  else return static_cast<std::uint64_t>(static_cast<std::uint32_t>(h));
}

}  // namespace assay::interpose
