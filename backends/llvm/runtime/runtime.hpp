#pragma once
// The llvm backend's runtime: the memory ranges of this process's operations
// in flight (core::InFlight) with the permission each grants until the
// operation completes, checked by every access the pass instrumented
// (__assay_llvm_access). The MPI side (hooks.cpp) adds and completes
// operations; this side answers the program's loads and stores.
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assay/core/finding.hpp"
#include "assay/core/inflight.hpp"
#include "assay/interpose/interpose.hpp"

namespace assay::llvmrt {

using Op = core::InFlight::Op;
using interpose::Call;

// What an operation in flight allows on its memory until it completes.
enum class Permission {
  read,  // loads allowed, stores not (send buffers, put/accumulate origins)
  none,  // neither (receive buffers, get origins and results)
  received,  // received data not read yet (received.cpp): any access takes its bytes out
};

struct OpInfo {
  core::ErrorClass cls;   // the class of an access it forbids
  Permission permission;
  const char* role;       // "origin buffer", "receive buffer", ...
  core::Site call;        // the MPI call that started it
  core::Site start;       // MPI_Start of a persistent request (pc 0 otherwise)
  std::uintptr_t addr = 0;
  std::size_t size = 0;   // first byte and span of its ranges
  std::uint64_t time = 0;
  bool rma = false;       // an RMA origin or result buffer
  // Kept in the range set as the hull of many blocks (add_blocks): its bytes.
  bool hulled = false;
  std::vector<core::InFlight::Range> exact{};
};

struct State {
  std::mutex m;
  core::InFlight ranges;
  std::unordered_map<Op, OpInfo> ops;
  Op next = 1;
  // Request handle -> what it stands for, oldest first: each posting (one
  // nonblocking call: p2p, collective, Rput/Rget, a persistent start) with
  // where the program keeps its handle. Both MPIs give operations that
  // completed at once one shared handle (Open MPI's empty request for an
  // inline send, MPICH's built-in one), so a handle may stand for several.
  struct Posting {
    const MPI_Request* at;
    std::vector<Op> ops;
  };
  std::unordered_map<std::uint64_t, std::vector<Posting>> requests;
  // RMA: window -> target rank -> operations not yet completed.
  std::unordered_map<std::uint64_t, std::unordered_map<int, std::vector<Op>>> rma;
  // Findings made: (operation, access pc), so a loop reports once.
  std::set<std::pair<Op, std::uintptr_t>> reported;
  std::size_t peak_ranges = 0, peak_segments = 0, operations = 0;
};
State& state();

// Adds an operation over `count` x `type` at `buf` (offset by `offset`
// bytes), each block of a datatype with holes its own range (many blocks: their
// hull, the blocks kept in OpInfo::exact); returns its id,
// 0 when it covers nothing. Call with state().m held.
Op add_op(State& s, const OpInfo& info);
void add_blocks(State& s, Op op, const void* buf, int count, MPI_Datatype type, std::int64_t offset = 0);
void add_range(State& s, Op op, std::uintptr_t lo, std::uintptr_t hi);
// Whether the operation's bytes meet [lo, hi), given that its range in the set
// does (a hulled operation: one of its blocks); its bytes as ranges.
bool touches(const OpInfo& info, std::uintptr_t lo, std::uintptr_t hi);
std::vector<core::InFlight::Range> bytes_of(const State& s, Op op);
// Ends an operation (its ranges leave the set). Call with state().m held.
void complete(State& s, Op op);
// Adds a posting of `ops` under the handle the program keeps at `at`.
void post(State& s, const MPI_Request* at, std::vector<Op> ops);
// Ends the operations of a request handle completed at `at`: of the postings
// sharing the handle, the one kept there, else the oldest.
void complete_request(State& s, std::uint64_t request, const MPI_Request* at);
// Completes a window's operations to `target` (every target when -1); takes the lock.
void rma_completed(MPI_Win win, int target);

// A persistent request (MPI_*_init) as MPI_Start starts it; hooks.cpp keeps
// them from the _init call until MPI_Request_free.
struct Persistent {
  const void* buf;
  int count;
  MPI_Datatype type;
  bool send;
  core::Site init;
};
// The persistent request of a handle, if the program made one; takes the lock.
std::optional<Persistent> persistent_request(std::uint64_t request);

// Stores __assay_llvm_bounds: the hull of the ranges in flight and of the
// windows' memory; closes the gaps (a new range may lie in one) until the
// MPI call that changed the set leaves (publish_gaps). Call with state().m held.
void publish_bounds(const State& s);
// When an MPI call that changed the set leaves (lifecycle leave_call): stores
// __assay_llvm_gaps, ranges that no range in flight and no window memory meets
// (the gap around the last access that reached the runtime and met nothing,
// then the widest). check() updates slot 0 itself after such an access. Only
// in a single-threaded program: another thread could read a gap half stored.
// Takes the lock.
void publish_gaps() noexcept;

// Target side (target.cpp): window memory on this rank and the owner's own
// accesses to it, checked against the origins' operations at MPI_Win_free.
extern std::atomic<bool> windows_live;                 // some window has memory here
// Accesses inside [lo, hi) of window memory (writes only if `write`) add
// nothing to the window's record nor meet a range in flight until the next MPI
// call (which bumps `generation`): the check skips them without the lock.
struct WindowCache {
  std::uint64_t generation = 0;
  std::uintptr_t lo = 0, hi = 0;
  bool write = false;
};
extern thread_local WindowCache window_cache;
extern std::atomic<std::uint64_t> generation;
std::pair<std::uintptr_t, std::uintptr_t> window_hull();  // state().m held
// Every window part on this rank, and the widest range around `at` that none
// meets ({0, 0} when one holds `at`); state().m held.
std::vector<core::InFlight::Range> window_parts();
core::InFlight::Range window_gap_at(std::uintptr_t at);
bool single_threaded();  // MPI_THREAD_SINGLE: the inline code may read several words as one
// An instrumented access; records it if it hits window memory. state().m held.
// `op`: the MPI call whose buffer it is (nullptr: a load or store of the program).
void window_access(std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc, const char* op = nullptr);
void note_call(const Call& call) noexcept;  // every outermost MPI call (ordering counts)
void thread_level(int provided) noexcept;    // after MPI_Init(_thread): runs grow inline only if single
void target_freeing(MPI_Win win);            // before MPI_Win_free: exchange and check
std::string target_stats();                  // JSON members for write_stats; takes the lock
void register_target_hooks(interpose::Hooks& hooks);

// Shared-memory windows (shared.cpp): every member's part, loads and stores of
// this process to any of them, checked against the other members' at MPI_Win_free.
extern bool shared_live;  // some shared window is live (set and read by MPI calls' hooks)
void shared_created(MPI_Win win, MPI_Comm comm);  // after MPI_Win_allocate_shared; takes the lock
// An access; records it if it hits a part, returns whether it did. state().m held.
bool shared_access(std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc, const char* op);
void shared_parts(std::vector<core::InFlight::Range>& out);  // state().m held
// Window synchronisations by this process, state().m held: `exclusive` the
// target it now holds an exclusive lock on (-1 none, keep_lock unchanged).
constexpr int keep_lock = -2;
void shared_sync(MPI_Win win, int exclusive = keep_lock);
void shared_fence(MPI_Win win);
void shared_collective(std::uint64_t comm);                 // state().m held
void shared_message(MPI_Comm comm, int peer, bool sent);    // takes the lock
void shared_freeing(MPI_Win win);                           // before MPI_Win_free: exchange and check
std::string shared_stats();                                 // state().m held
// Received data (received.cpp): the first instrumented access to bytes of a
// completed receive (an op of Permission::received) reads or overwrites them;
// findings go to `out`. state().m held.
void received_access(State& s, Op op, std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc,
                     const char* how, std::vector<core::Finding>& out);
// Keeps `op` over `keep` only (inside its ranges), removing it when empty:
// the set only shrinks, so the published gaps stay true and stay open;
// the bounds narrow. state().m held.
void shrink(State& s, Op op, const std::vector<core::InFlight::Range>& keep);
// Whether some module was compiled with the in-flight filter (selective
// instrumentation): then loads of received data may go unseen.
bool in_flight_filter_used();

void register_hooks(interpose::Hooks& hooks);  // hooks.cpp
void write_stats(int rank);                     // runtime.cpp

}  // namespace assay::llvmrt

// Entry points of the instrumented program (backends/llvm/pass/plugin.cpp).
extern "C" {
// The bounds of the ranges in flight, read by the pass's inline guard (runtime.cpp).
extern std::atomic<std::uintptr_t> __assay_llvm_bounds[2];
// Up to three gaps inside the bounds, {lo, hi} each ({UINTPTR_MAX, 0}: none):
// an access inside one meets no range in flight and no window (runtime.cpp).
extern std::atomic<std::uintptr_t> __assay_llvm_gaps[6];
// The open window runs the inline code grows: {lo, hi, limit} for reads, then
// for writes (target.cpp).
extern std::atomic<std::uintptr_t> __assay_llvm_runs[6];
void __assay_llvm_access(void* addr, std::uint64_t size, std::uint32_t kind);
void __assay_llvm_string(void* addr, const char* measured, std::uint32_t kind);
void __assay_llvm_module(const char* source, std::uint32_t accesses, std::uint32_t instrumented,
                         std::uint32_t escape_filtered, std::uint32_t in_flight_filtered);
}
