#pragma once
// The pmpi checker's state and the functions its hook families share. The
// MPI entry points, call sites, shadow communicators, datatypes and the
// findings writer come from the interposition layer (backends/interpose).
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <map>

#include "assay/core/finding.hpp"
#include "assay/core/requests.hpp"
#include "assay/core/resources.hpp"
#include "assay/core/rma_sync.hpp"
#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/interpose.hpp"
#include "assay/interpose/shadows.hpp"
#include "assay/interpose/sites.hpp"

namespace assay::pmpi {

using interpose::Call;
using interpose::Guard;
using interpose::Hooks;
using interpose::key;
using interpose::Shadow;
using interpose::basic_code;
using interpose::decode_site;
using interpose::element_type;
using interpose::encode_site;
using interpose::extent_bytes;
using interpose::forget_type_blocks;
using interpose::signature;
using interpose::symbolize;
using interpose::tool_failure;
using interpose::type_blocks;
using interpose::world_rank_of;

// What pmpi tracks across calls: the analysis core's trackers and its shadows.
struct State {
  core::RequestTracker requests{[](core::Finding f) { report(std::move(f)); }};
  core::RmaSync rma{[](core::Finding f) { report(std::move(f)); }};
  interpose::Shadows shadows;
  static void report(core::Finding f) {
    if (const Call* c = interpose::current_call()) last_reported_call().store(c->time);
    interpose::report(f);
  }
  // Whether a finding was reported during this call (an error handler that
  // MPI invokes inside it then does not report the same error again).
  static bool reported_during(const Call& c) { return last_reported_call().load() == c.time; }
  static std::atomic<std::uint64_t>& last_reported_call() {
    static std::atomic<std::uint64_t> t{0};
    return t;
  }
};
State& state();
inline int my_rank() { return interpose::world_rank(); }
inline Shadow* shadow_of(MPI_Comm comm) { return state().shadows.of(comm); }

// What may order one process's RMA epochs after another's without the
// checker seeing it (no clocks travel with messages): counted per process, so
// two passive-target epochs are reported as concurrent only when no message,
// collective or other synchronisation could order them (hooks_rma.cpp).
using OrderingEvents = core::OrderingEvents;
OrderingEvents& ordering_events();
void note_ordering(const Call& call);       // every outermost call
void note_collective(MPI_Comm comm);        // every collective the program calls

// Each family registers the hooks it implements (hooks_<family>.cpp) and
// checks what it must at MPI_Finalize, still inside MPI.
void register_p2p(Hooks& h);
void register_coll(Hooks& h);
void register_rma(Hooks& h);
void register_res(Hooks& h);
void finalize_p2p(const Call& call);
void finalize_coll(const Call& call);
void finalize_rma(const Call& call);
void finalize_res(const Call& call);

// The bytes count x datatype touches at buf (MPI_BOTTOM: none known), as
// sorted disjoint address ranges: a request's buffer in the request table.
std::vector<core::ByteRange> footprint(const void* buf, int count, MPI_Datatype type);

// Truncated messages are reported from an error handler (hooks_p2p.cpp),
// installed once MPI is initialised, at the program's call in progress.
void watch_truncation();
// ... and argument errors of RMA calls, raised on their window.
void watch_window_errors(MPI_Win win);
// A buffer MPI reads or writes for this rank (hooks_rma.cpp): a local access to
// window memory when it lies in an exposed window.
void note_mpi_buffer(const Call& call, const void* buf, int count, MPI_Datatype type, bool writes);

// The program waits for or completed a nonblocking collective's request
// (hooks_p2p.cpp tells hooks_coll.cpp): its consistency check finishes.
void finish_nbc_check(std::uint64_t request);
// ... completed it (a wait or test said so), or is about to free it, which
// MPI forbids for a nonblocking collective (MPI-3.1 §5.12).
void nbc_completed(std::uint64_t request);
void nbc_freeing(const Call& call, std::uint64_t request);

// An MPI_Rget's request completed (hooks_p2p.cpp tells hooks_rma.cpp): so is
// its read at the target; freed, only its epoch's end completes it.
void rget_completed(std::uint64_t request);
void rget_forgotten(std::uint64_t request);

// User-defined ops (hooks_res.cpp tells hooks_coll.cpp), so that ranks passing
// ops of different functions to one reduction are told apart.
void user_op_created(MPI_Op op, MPI_User_function* function, int commute);
void user_op_freed(MPI_Op op);
// A communicator MPI_Comm_idup made (hooks_res.cpp): its collectives are checked too.
void idup_created(MPI_Comm comm);

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
void init_entered(const Call& call) noexcept;              // before PMPI_Init*: init after finalize
void init_done(const Call& call, int provided) noexcept;   // after PMPI_Init* succeeded
void finalize_entered();
void outside_init(const Call& call) noexcept;              // a call while the checker is not active
void enter_call(const Call& call) noexcept;
void leave_call() noexcept;

}  // namespace assay::pmpi
