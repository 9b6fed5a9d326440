#pragma once
// State shared by the shims and hooks of the pmpi backend: the analysis core's
// trackers, the shadow communicators, call sites and the findings writer.
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/requests.hpp"
#include "assay/core/resources.hpp"
#include "assay/core/rma_sync.hpp"
#include "assay/core/type_signature.hpp"

namespace assay::pmpi {

// The per-process logical clock: one tick per intercepted call (the times of
// findings' accesses, for memory-access diagrams).
inline std::uint64_t next_time() noexcept {
  static std::atomic<std::uint64_t> clock{0};
  return ++clock;
}

// One interposed call in progress: its name and return address, plus scratch
// space a pre-hook fills for its post-hook (handles MPI overwrites).
struct Call {
  const char* name;
  void* pc;
  std::vector<std::uint64_t> saved{};
  std::uint64_t time = next_time();
  core::Site site() const;
};

// Calls MPI makes internally (or our hooks make) are not analysed again.
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

// A communicator's shadow: a duplicate carrying the checker's own traffic, so
// it never matches the application's messages or collectives.
struct Shadow {
  MPI_Comm comm = MPI_COMM_NULL;
  std::uint64_t created = 0;  // creation order, the same on every member
  bool aligned = true;        // false once ranks disagreed on a collective's kind
};

struct State {
  bool active = false;  // between MPI_Init and MPI_Finalize
  int rank = -1;
  core::RequestTracker requests{[](core::Finding f) { report(std::move(f)); }};
  core::RmaSync rma{[](core::Finding f) { report(std::move(f)); }};
  std::map<MPI_Comm, Shadow> shadows;
  std::uint64_t shadows_created = 0;
  static void report(core::Finding f);
};
State& state();

// Handles widened for the core (MPICH: int, Open MPI: pointer).
template <class H>
std::uint64_t key(H h) {
  if constexpr (std::is_pointer_v<H>) return reinterpret_cast<std::uintptr_t>(h);
  else return static_cast<std::uint64_t>(static_cast<std::uint32_t>(h));
}

// Findings: JSON lines in $ASSAY_REPORT_DIR/rank-<N>.jsonl and the human report.
void open_report(int rank);
void write_finding(const core::Finding& f);
void close_report();
void tool_failure(const char* reason);

// Call sites: symbolised in this process; exchanged between ranks as
// (module index, offset) so another rank of the same program can resolve them.
struct SourceLine {
  std::string file, function;
  int line = 0;
};
SourceLine symbolize(std::uintptr_t pc);
std::uint64_t encode_site(std::uintptr_t pc);
std::uintptr_t decode_site(std::uint64_t encoded);

// Communicators.
void add_shadow(MPI_Comm comm);
void drop_shadow(MPI_Comm comm);
Shadow* shadow_of(MPI_Comm comm);
int world_rank_of(MPI_Comm comm, int rank);

// Datatypes.
std::uint32_t basic_code(MPI_Datatype t);  // 0 when not a named type
std::optional<core::TypeSignature> signature(int count, MPI_Datatype t);
std::uint64_t extent_bytes(int count, MPI_Datatype t);  // bytes spanned by count x t
// The bytes count x t touches, as sorted disjoint [lo, hi) offsets from the
// buffer's address: exact gaps, decoded from the type's constructors (up to
// 65 536 blocks; subarray and darray by unpacking up to a 1 MiB span), else the
// whole span; empty for an empty or invalid type.
std::vector<std::pair<std::int64_t, std::int64_t>> type_blocks(int count, MPI_Datatype t);
void forget_type_blocks(MPI_Datatype t);  // at MPI_Type_free: the handle may come back

// What each family checks at MPI_Finalize (hooks_<family>.cpp), still inside MPI.
// Truncated messages are reported from an error handler (hooks_p2p.cpp),
// installed once MPI is initialised, at the program's call in progress.
void watch_truncation();

void finalize_p2p(const Call& call);
void finalize_coll(const Call& call);
void finalize_rma(const Call& call);
void finalize_res(const Call& call);

// The program waits for or completed a nonblocking collective's request
// (hooks_p2p.cpp tells hooks_coll.cpp): its consistency check finishes.
void finish_nbc_check(std::uint64_t request);

// MPI_Win_free synchronises the window's group (MPI-3.1 §11.2.5), so it is
// checked as a pseudo-collective on the communicator the window was created
// over (hooks_rma.cpp tells hooks_coll.cpp), while that communicator lives:
// `created` is its shadow's creation number, so a freed handle that MPI
// hands out again is not mistaken for it.
void check_window_free(const Call& call, MPI_Comm comm, std::uint64_t created);

// Resources and the MPI lifetime (hooks_res.cpp): handles the program creates
// and frees, the Init wrappers, and every outermost call of the program.
void resource_created(core::ResourceKind k, std::uint64_t handle, const Call& call);
void resource_freed(core::ResourceKind k, std::uint64_t handle);
void init_entered(const Call& call);              // before PMPI_Init*: init after finalize
void init_done(const Call& call, int provided);   // after PMPI_Init* succeeded
void finalize_entered();
void outside_init(const Call& call);              // a call while the checker is not active
void enter_call(const Call& call);
void leave_call();
const Call* current_call();  // the outermost interposed call of this thread, if any

}  // namespace assay::pmpi
