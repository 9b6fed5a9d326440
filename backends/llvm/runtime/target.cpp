// The llvm backend's runtime, target side (rma.local.target-access-during-remote):
// the window owner's own loads and stores to its part of a window, against
// the other processes' RMA operations on it. MPI-3.1 §11.7: a location a
// remote put or accumulate updates may not be accessed locally, nor one a
// remote get reads be updated locally, until a synchronisation completes the
// operation at the target and orders the access after it.
//
// - Owner: each window's memory on this rank (MPI_Win_create, _allocate,
//   _allocate_shared; a dynamic window's regions from MPI_Win_attach to
//   MPI_Win_detach, by address: its base is 0) is a range the access side
//   looks up (a std::map by base, logarithmic; its hull joins the inline
//   guard's bounds). Accesses that hit it are kept as coalesced byte runs per
//   kind with the first file:line, in one *segment* per position of the owner
//   in its synchronisation sequence:
//   fences on the window so far, the exposure epoch open, its own lock on
//   itself, and core::PassiveMarks (collectives on the window's communicator,
//   calls that may send or receive). Bounded: at most max_segments segments
//   and max_runs runs per window; what does not fit is counted, not checked.
// - Origin: each RMA operation's bytes in its target's part (displacement x
//   the target's disp_unit, the target datatype's blocks) with the epoch it
//   belongs to: the fence epoch, the k-th access epoch to that target (PSCW),
//   or the passive epoch's lock type and the marks at the call and at its
//   completion (flush or unlock).
// - At MPI_Win_free (collective, every member is in it) each origin sends its
//   records to their targets over a duplicate of the window's communicator,
//   one alltoallv. The owner reports a record and a segment that overlap with
//   a write on either side when nothing orders them, in pmpi's model
//   (core/rma_remote.hpp): same fence epoch; the exposure epoch that the
//   origin's access epoch matched; passive: neither core::may_precede the
//   other, and no lock excludes the two (the owner's exclusive lock on itself,
//   or its shared lock against an exclusive epoch).
// What may tell others (core::OrderingEvents): messages, collectives, RMA
// updates from their call, an exclusive lock's release; not a flush nor a
// shared lock's release, so a message sent before the flush that completes
// a put orders nothing.
// Not seen: an owner's own passive operations on itself, windows never freed
// (no exchange).
#include <mpi.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "assay/core/rma_remote.hpp"
#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/shadows.hpp"
#include "assay/interpose/sites.hpp"
#include "runtime.hpp"

namespace assay::llvmrt {
namespace {

using interpose::key;
using core::PassiveMarks;

constexpr std::size_t max_segments = 4096, max_runs = 1 << 16, max_records = 1 << 16;

enum class Lock : std::uint8_t { none, shared, exclusive };
enum class Mode : std::uint64_t { fence, pscw, passive };

struct Run {
  std::uint64_t hi;
  std::uintptr_t pc;  // the first access of the run ...
  const char* op;     // ... "load", "store", or the MPI call that accesses the buffer
};
using Runs = std::map<std::uint64_t, Run>;  // window offset -> disjoint runs

struct Segment {
  std::uint64_t fences = 0, exposure = 0;  // exposure: 1-based index of the open one, 0 none
  Lock lock = Lock::none;
  PassiveMarks marks;
  Runs reads, writes;
  bool same_position(const Segment& o) const {
    return fences == o.fences && exposure == o.exposure && lock == o.lock && marks == o.marks;
  }
};

// One operation's bytes in its target's part, as the origin ships it.
struct Record {
  std::uint64_t lo = 0, hi = 0;
  bool write = false;
  std::uint64_t site = 0;  // interpose::encode_site
  std::uint64_t name = 0;  // index in op_names
  Mode mode = Mode::fence;
  std::uint64_t epoch = 0;  // fence: fences before it; PSCW: k-th access epoch to the target
  bool exclusive = false;
  bool complete = false;    // passive: a flush or unlock completed it
  PassiveMarks marks;       // passive: at its call, and at its completion
};
constexpr std::size_t record_words = 12;
constexpr const char* op_names[] = {"MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate",
                                    "MPI_Fetch_and_op", "MPI_Compare_and_swap"};

struct Window {
  MPI_Comm shadow = MPI_COMM_NULL;
  MPI_Group group = MPI_GROUP_NULL;
  std::uint64_t comm = 0;  // key of the program's communicator
  int me = 0, n = 0;
  std::vector<int> world;
  std::vector<std::uint64_t> disp_unit;
  std::uintptr_t base = 0;
  std::uint64_t size = 0;
  bool shared = false;  // from MPI_Win_allocate_shared (shared.cpp records its accesses too)
  // Owner.
  std::uint64_t fences = 0, exposure = 0;
  Lock self = Lock::none;
  std::vector<std::vector<int>> post_groups;  // origins of each exposure epoch
  std::vector<Segment> segments;
  std::size_t runs = 0, dropped = 0;
  // Origin.
  std::vector<std::uint64_t> starts;  // access epochs started per target
  std::vector<int> access_targets;    // of the access epoch open
  std::map<int, bool> locks;  // target -> exclusive
  bool lock_all = false;
  std::vector<Record> records;
  std::vector<int> record_target;
};

struct Target {
  std::map<std::uint64_t, Window> windows;           // by key(win)
  // This rank's window memory by base: a sized window's part, or a region
  // attached to a dynamic window (MPI_Win_attach) while it is attached.
  struct Part {
    std::uint64_t window;  // key(win)
    std::uint64_t size;
  };
  std::map<std::uintptr_t, Part> memory;
  core::OrderingEvents events;
  std::size_t accesses = 0, segments = 0, runs = 0, dropped = 0, records = 0;
  std::size_t grown = 0;  // open runs the inline code grew
};
Target& target() {  // guarded by state().m
  static auto* t = new Target;
  return *t;
}

Window* find(MPI_Win win) {
  auto it = target().windows.find(key(win));
  return it == target().windows.end() ? nullptr : &it->second;
}
PassiveMarks marks_now(const Window& w) { return target().events.now(w.comm); }

// Adds [lo, hi) to disjoint runs, merging what it overlaps or touches; returns
// the run that holds it.
std::pair<std::uint64_t, std::uint64_t> add_run(Runs& runs, std::uint64_t lo, std::uint64_t hi, std::uintptr_t pc,
                                                const char* op, std::size_t& count) {
  auto it = runs.upper_bound(lo);
  if (it != runs.begin() && std::prev(it)->second.hi >= lo) --it;
  while (it != runs.end() && it->first <= hi) {
    if (it->first <= lo && it->second.hi >= hi) return {it->first, it->second.hi};  // already covered
    if (it->first < lo) pc = it->second.pc, op = it->second.op, lo = it->first;
    hi = std::max(hi, it->second.hi);
    it = runs.erase(it);
    --count;
  }
  runs.emplace(lo, Run{hi, pc, op});
  ++count;
  return {lo, hi};
}

// The first run overlapping [lo, hi).
const std::pair<const std::uint64_t, Run>* overlap(const Runs& runs, std::uint64_t lo, std::uint64_t hi) {
  auto it = runs.upper_bound(lo);
  if (it != runs.begin() && std::prev(it)->second.hi > lo) return &*std::prev(it);
  if (it != runs.end() && it->first < hi) return &*it;
  return nullptr;
}

void publish() { publish_bounds(state()); }

// ---- runs the inline code grows -------------------------------------------------
// In a single-threaded program (MPI_THREAD_SINGLE), the run an access of the
// program just joined stays *open* for its kind (read, write) until the next
// MPI call: its bounds and a limit go to __assay_llvm_runs, and the pass's
// inline code grows the run's end itself for an access that starts inside it
// or at its end and ends before the limit — the bytes the runtime would have
// merged into the same run, in the same segment (only an MPI call changes the
// segment), away from every range in flight (the limit is the first byte of
// one, or the part's end; only MPI calls add ranges). The runtime records
// the grown run before any other change to that kind's runs and at every
// MPI call, so the record is exactly what the calls would have made.
struct Open {
  bool open = false;
  std::uint64_t window = 0;  // key
  std::size_t segment = 0;
  std::uint64_t lo = 0, hi = 0;  // window offsets, as recorded
};
Open open_runs[2];  // reads, writes; guarded by state().m
bool single_thread = false;

void close_inline(int k) {
  __assay_llvm_runs[3 * k].store(UINTPTR_MAX, std::memory_order_relaxed);
  __assay_llvm_runs[3 * k + 1].store(0, std::memory_order_relaxed);
  __assay_llvm_runs[3 * k + 2].store(0, std::memory_order_relaxed);
}

// Records what the inline code added to the open run of kind `k`, and closes it.
void settle(int k) {
  Open& o = open_runs[k];
  if (!o.open) return;
  o.open = false;
  const std::uintptr_t end = __assay_llvm_runs[3 * k + 1].load(std::memory_order_relaxed);
  close_inline(k);
  Target& t = target();
  auto it = t.windows.find(o.window);
  if (it == t.windows.end() || o.segment >= it->second.segments.size()) return;
  Window& w = it->second;
  if (end <= w.base + o.hi) return;
  ++t.grown;
  Runs& runs = k ? w.segments[o.segment].writes : w.segments[o.segment].reads;
  const auto* r = overlap(runs, o.lo, o.lo + 1);  // the run as recorded: its first access stays
  add_run(runs, o.lo, end - w.base, r ? r->second.pc : 0, r ? r->second.op : k ? "store" : "load", w.runs);
}

// ---- windows ----------------------------------------------------------------

void created(int rc, MPI_Comm comm, MPI_Aint size, int disp_unit, const void* base, MPI_Win* win) {
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL) return;
  Window w;
  PMPI_Comm_size(comm, &w.n);
  PMPI_Comm_rank(comm, &w.me);
  // Every member is in this call: a collective duplicate is safe here.
  if (PMPI_Comm_dup(comm, &w.shadow) != MPI_SUCCESS) return;
  const std::uint64_t mine = static_cast<std::uint64_t>(disp_unit);
  w.disp_unit.resize(static_cast<std::size_t>(w.n));
  PMPI_Allgather(&mine, 1, MPI_UINT64_T, w.disp_unit.data(), 1, MPI_UINT64_T, w.shadow);
  PMPI_Comm_group(comm, &w.group);
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> local(static_cast<std::size_t>(w.n));
  for (int r = 0; r < w.n; ++r) local[static_cast<std::size_t>(r)] = r;
  w.world.resize(local.size());
  PMPI_Group_translate_ranks(w.group, w.n, local.data(), world, w.world.data());
  PMPI_Group_free(&world);
  w.comm = key(comm);
  w.base = reinterpret_cast<std::uintptr_t>(base);
  w.size = base && size > 0 ? static_cast<std::uint64_t>(size) : 0;
  w.starts.assign(local.size(), 0);
  std::lock_guard lock(state().m);
  Target& t = target();
  if (w.size) t.memory[w.base] = {key(*win), w.size};
  t.windows[key(*win)] = std::move(w);
  if (!t.memory.empty()) windows_live.store(true, std::memory_order_relaxed);
  publish();
}

void after_create(Call&, int rc, void* base, MPI_Aint size, int disp_unit, MPI_Info, MPI_Comm comm,
                  MPI_Win* win) noexcept {
  created(rc, comm, size, disp_unit, base, win);
}

void after_allocate(Call&, int rc, MPI_Aint size, int disp_unit, MPI_Info, MPI_Comm comm, void* baseptr,
                    MPI_Win* win) noexcept {
  created(rc, comm, size, disp_unit, baseptr ? *static_cast<void**>(baseptr) : nullptr, win);
}
void after_allocate_shared(Call& c, int rc, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr,
                           MPI_Win* win) noexcept {
  after_allocate(c, rc, size, disp_unit, info, comm, baseptr, win);
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL) return;
  {
    std::lock_guard lock(state().m);
    if (Window* w = find(*win)) w->shared = true;
  }
  shared_created(*win, comm);
}

// A dynamic window (MPI-3.1 §11.2.4) has no memory of its own: a target
// displacement is an address on the target (MPI_Get_address, disp_unit 1), so
// its base is 0 and its offsets are addresses; the regions attached to it are
// its memory on this rank while they are attached.
void after_create_dynamic(Call&, int rc, MPI_Info, MPI_Comm comm, MPI_Win* win) noexcept {
  created(rc, comm, 0, 1, nullptr, win);
}
void after_attach(Call&, int rc, MPI_Win win, void* base, MPI_Aint size) noexcept {
  if (rc != MPI_SUCCESS || !base || size <= 0) return;
  std::lock_guard lock(state().m);
  if (!find(win)) return;
  target().memory[reinterpret_cast<std::uintptr_t>(base)] = {key(win), static_cast<std::uint64_t>(size)};
  windows_live.store(true, std::memory_order_relaxed);
  publish();
}
// Before the call: the region stops being window memory as soon as it may be
// detached (its accesses so far stay in the segments, by address).
void before_detach(Call&, MPI_Win win, const void* base) noexcept {
  std::lock_guard lock(state().m);
  Target& t = target();
  auto it = t.memory.find(reinterpret_cast<std::uintptr_t>(base));
  if (it == t.memory.end() || it->second.window != key(win)) return;
  t.memory.erase(it);
  if (t.memory.empty() && !shared_live) windows_live.store(false, std::memory_order_relaxed);
  publish();
}

// ---- origin side --------------------------------------------------------------

void operation(MPI_Win win, int target_rank, MPI_Aint disp, int count, MPI_Datatype type, bool write,
               std::uint64_t name, const Call& call) {
  if (target_rank == MPI_PROC_NULL) return;
  std::lock_guard lock(state().m);
  Window* w = find(win);
  if (!w || target_rank < 0 || target_rank >= w->n || w->records.size() >= max_records) return;
  Record r;
  r.write = write;
  r.site = interpose::encode_site(reinterpret_cast<std::uintptr_t>(call.pc));
  r.name = name;
  if (auto l = w->locks.find(target_rank); l != w->locks.end() || w->lock_all) {
    r.mode = Mode::passive;
    r.exclusive = l != w->locks.end() && l->second;
    // Its start: this call, not the lock (the target's bytes are not touched
    // before the operation is issued), so a collective between the lock and
    // the call orders the owner's earlier accesses before it.
    r.marks = marks_now(*w);
  } else if (std::find(w->access_targets.begin(), w->access_targets.end(), target_rank) != w->access_targets.end()) {
    r.mode = Mode::pscw;
    r.epoch = w->starts[static_cast<std::size_t>(target_rank)];
  } else {
    r.mode = Mode::fence;
    r.epoch = w->fences;
  }
  const auto at = static_cast<std::int64_t>(disp) * static_cast<std::int64_t>(w->disp_unit[static_cast<std::size_t>(target_rank)]);
  for (const auto& [lo, hi] : interpose::type_blocks(count, type)) {
    if (at + lo < 0 || w->records.size() >= max_records) continue;
    r.lo = static_cast<std::uint64_t>(at + lo);
    r.hi = static_cast<std::uint64_t>(at + hi);
    w->records.push_back(r);
    w->record_target.push_back(target_rank);
  }
}

// MPI_NO_OP only reads the target.
bool updates(MPI_Op op) { return op != MPI_NO_OP; }

// MPI's own accesses on this rank's behalf: a buffer of an MPI call that lies
// in window memory is read (sent, an RMA origin) or written (received, a
// get's origin or result) at the call, checked like the program's accesses.
void mpi_buffer(const Call& call, const void* buf, int count, MPI_Datatype type, bool write) {
  if (!buf || count <= 0 || buf == MPI_BOTTOM || buf == MPI_IN_PLACE || type == MPI_DATATYPE_NULL) return;
  if (!windows_live.load(std::memory_order_relaxed)) return;
  const auto at = reinterpret_cast<std::uintptr_t>(buf);
  const auto blocks = interpose::type_blocks(count, type);
  std::lock_guard lock(state().m);
  for (const auto& [lo, hi] : blocks)
    window_access(at + static_cast<std::uintptr_t>(lo), static_cast<std::uint64_t>(hi - lo), write,
                  reinterpret_cast<std::uintptr_t>(call.pc), call.name);
}

void before_put(Call& c, const void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Win w) noexcept {
  mpi_buffer(c, o, oc, ot, false);
  operation(w, t, d, n, ty, true, 0, c);
}
void before_get(Call& c, void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Win w) noexcept {
  mpi_buffer(c, o, oc, ot, true);
  operation(w, t, d, n, ty, false, 1, c);
}
void before_acc(Call& c, const void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Op,
                MPI_Win w) noexcept {
  mpi_buffer(c, o, oc, ot, false);
  operation(w, t, d, n, ty, true, 2, c);
}
void before_get_acc(Call& c, const void* o, int oc, MPI_Datatype ot, void* r, int rc, MPI_Datatype rt, int t, MPI_Aint d, int n,
                    MPI_Datatype ty, MPI_Op op, MPI_Win w) noexcept {
  if (updates(op)) mpi_buffer(c, o, oc, ot, false);
  mpi_buffer(c, r, rc, rt, true);
  operation(w, t, d, n, ty, updates(op), 3, c);
}
void before_fop(Call& c, const void* o, void* r, MPI_Datatype ty, int t, MPI_Aint d, MPI_Op op, MPI_Win w) noexcept {
  if (updates(op)) mpi_buffer(c, o, 1, ty, false);
  mpi_buffer(c, r, 1, ty, true);
  operation(w, t, d, 1, ty, updates(op), 4, c);
}
void before_cas(Call& c, const void* o, const void* cmp, void* r, MPI_Datatype ty, int t, MPI_Aint d, MPI_Win w) noexcept {
  mpi_buffer(c, o, 1, ty, false);
  mpi_buffer(c, cmp, 1, ty, false);
  mpi_buffer(c, r, 1, ty, true);
  operation(w, t, d, 1, ty, true, 5, c);
}
void before_rput(Call& c, const void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Win w,
                 MPI_Request*) noexcept {
  before_put(c, o, oc, ot, t, d, n, ty, w);
}
void before_rget(Call& c, void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Win w,
                 MPI_Request*) noexcept {
  before_get(c, o, oc, ot, t, d, n, ty, w);
}
void before_racc(Call& c, const void* o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int n, MPI_Datatype ty, MPI_Op op,
                 MPI_Win w, MPI_Request*) noexcept {
  before_acc(c, o, oc, ot, t, d, n, ty, op, w);
}
void before_rget_acc(Call& c, const void* o, int oc, MPI_Datatype ot, void* r, int rc, MPI_Datatype rt, int t,
                     MPI_Aint d, int n, MPI_Datatype ty, MPI_Op op, MPI_Win w, MPI_Request*) noexcept {
  before_get_acc(c, o, oc, ot, r, rc, rt, t, d, n, ty, op, w);
}

// A flush or unlock completes the passive operations to `target_rank` (all: -1)
// at the target; the marks now tell what may order them after it.
void complete_passive(Window& w, int target_rank) {
  const PassiveMarks now = marks_now(w);
  for (std::size_t i = 0; i < w.records.size(); ++i) {
    Record& r = w.records[i];
    if (r.mode != Mode::passive || r.complete || (target_rank >= 0 && w.record_target[i] != target_rank)) continue;
    r.complete = true;
    r.marks.collectives_at_unlock = now.collectives_at_unlock;
    r.marks.sends_at_unlock = now.sends_at_unlock;
  }
}

template <class F>
void on_window(MPI_Win win, F f) {
  std::lock_guard lock(state().m);
  if (Window* w = find(win)) f(*w);
}

void before_fence(Call&, int, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    ++w.fences;
    shared_fence(win);
  });
}
void before_lock(Call&, int type, int rank, int, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    const bool exclusive = type == MPI_LOCK_EXCLUSIVE;
    w.locks[rank] = exclusive;
    if (rank == w.me) w.self = exclusive ? Lock::exclusive : Lock::shared;
    shared_sync(win, exclusive ? rank : keep_lock);
  });
}
void before_unlock(Call&, int rank, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    complete_passive(w, rank);
    // After its completions: releasing an exclusive lock lets a waiting locker go on.
    if (auto l = w.locks.find(rank); l != w.locks.end() && l->second) target().events.released_exclusive();
    w.locks.erase(rank);
    if (rank == w.me) w.self = Lock::none;
    shared_sync(win, -1);
  });
}
void before_lock_all(Call&, int, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    w.lock_all = true;
    w.self = Lock::shared;
    shared_sync(win);
  });
}
void before_unlock_all(Call&, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    complete_passive(w, -1);
    w.lock_all = false;
    w.self = Lock::none;
    shared_sync(win);
  });
}
void before_flush(Call&, int rank, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    complete_passive(w, rank);
    shared_sync(win);
  });
}
void before_flush_all(Call&, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    complete_passive(w, -1);
    shared_sync(win);
  });
}
void before_start(Call&, MPI_Group group, int, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    w.access_targets = interpose::ranks_in(group, w.group, w.n);
    for (int t : w.access_targets) ++w.starts[static_cast<std::size_t>(t)];
    shared_sync(win);
  });
}
void before_complete(Call&, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    w.access_targets.clear();
    shared_sync(win);
  });
}
void before_post(Call&, MPI_Group group, int, MPI_Win win) noexcept {
  on_window(win, [&](Window& w) {
    w.post_groups.push_back(interpose::ranks_in(group, w.group, w.n));
    w.exposure = w.post_groups.size();
    shared_sync(win);
  });
}
void after_wait(Call&, int rc, MPI_Win win) noexcept {
  if (rc == MPI_SUCCESS) on_window(win, [&](Window& w) {
    w.exposure = 0;
    shared_sync(win);
  });
}
void after_test(Call&, int rc, MPI_Win win, int* flag) noexcept {
  if (rc == MPI_SUCCESS && flag && *flag) on_window(win, [&](Window& w) {
    w.exposure = 0;
    shared_sync(win);
  });
}
// MPI_Win_sync orders nothing by itself here: only shared windows' loads and stores (shared.cpp).
void before_sync(Call&, MPI_Win win) noexcept {
  std::lock_guard lock(state().m);
  shared_sync(win);
}

// Point-to-point buffers, taken at the call (a nonblocking one's too, as pmpi does).
#define ASSAY_SEND(name)                                                                                    \
  void before_##name(Call& c, const void* buf, int count, MPI_Datatype type, int dest, int, MPI_Comm comm) noexcept { \
    mpi_buffer(c, buf, count, type, false);                                                                \
    shared_message(comm, dest, true);                                                                      \
  }
ASSAY_SEND(MPI_Send)
ASSAY_SEND(MPI_Ssend)
ASSAY_SEND(MPI_Bsend)
ASSAY_SEND(MPI_Rsend)
#undef ASSAY_SEND
#define ASSAY_ISEND(name)                                                                     \
  void before_##name(Call& c, const void* buf, int count, MPI_Datatype type, int dest, int, MPI_Comm comm, \
                     MPI_Request*) noexcept {                                                  \
    mpi_buffer(c, buf, count, type, false);                                                    \
    shared_message(comm, dest, true);                                                          \
  }
ASSAY_ISEND(MPI_Isend)
ASSAY_ISEND(MPI_Ibsend)
ASSAY_ISEND(MPI_Issend)
ASSAY_ISEND(MPI_Irsend)
#undef ASSAY_ISEND
void before_MPI_Recv(Call& c, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm comm, MPI_Status*) noexcept {
  mpi_buffer(c, buf, count, type, true);
  shared_message(comm, source, false);
}
void before_MPI_Irecv(Call& c, void* buf, int count, MPI_Datatype type, int source, int, MPI_Comm comm,
                      MPI_Request*) noexcept {
  mpi_buffer(c, buf, count, type, true);
  shared_message(comm, source, false);  // as received when posted (shared.cpp)
}
// Only ordering for shared windows: MPI_Sendrecv's buffers are not checked against windows.
void before_sendrecv(Call&, const void*, int, MPI_Datatype, int dest, int, void*, int, MPI_Datatype, int source, int,
                     MPI_Comm comm, MPI_Status*) noexcept {
  shared_message(comm, dest, true);
  shared_message(comm, source, false);
}
void before_sendrecv_replace(Call&, void*, int, MPI_Datatype, int dest, int, int source, int, MPI_Comm comm,
                             MPI_Status*) noexcept {
  shared_message(comm, dest, true);
  shared_message(comm, source, false);
}

// ---- the check, at MPI_Win_free ------------------------------------------------

std::vector<std::uint64_t> encode(const Record& r) {
  return {r.lo, r.hi, r.write, r.site, r.name, static_cast<std::uint64_t>(r.mode), r.epoch, r.exclusive,
          r.marks.collectives_at_lock, r.marks.collectives_at_unlock, r.marks.receives_at_lock,
          r.marks.sends_at_unlock};
}
Record decode(const std::uint64_t* x) {
  Record r;
  r.lo = x[0], r.hi = x[1], r.write = x[2] != 0, r.site = x[3], r.name = x[4] < 6 ? x[4] : 0;
  r.mode = static_cast<Mode>(x[5]), r.epoch = x[6], r.exclusive = x[7] != 0;
  r.marks = {x[8], x[9], x[10], x[11]};
  r.complete = true;  // only completed records travel
  return r;
}

// The exposure epoch (1-based) of the owner that origin `o`'s k-th access
// epoch to it matched: its k-th post whose group holds `o` (MPI-3.1 §11.5.2).
std::uint64_t exposure_of(const Window& w, int o, std::uint64_t k) {
  for (std::size_t p = 0; p < w.post_groups.size(); ++p) {
    const auto& g = w.post_groups[p];
    if (std::find(g.begin(), g.end(), o) != g.end() && --k == 0) return p + 1;
  }
  return 0;
}

bool unordered(const Window& w, const Segment& g, const Record& r, int o, std::uint64_t origin_sends,
               std::uint64_t my_sends) {
  switch (r.mode) {
    case Mode::fence: return g.fences == r.epoch && g.exposure == 0;
    case Mode::pscw: return g.exposure != 0 && g.exposure == exposure_of(w, o, r.epoch);
    case Mode::passive:
      if (!r.complete || o == w.me) return false;
      if (g.lock == Lock::exclusive || (g.lock == Lock::shared && r.exclusive)) return false;
      return !core::may_precede(r.marks, origin_sends, g.marks) && !core::may_precede(g.marks, my_sends, r.marks);
  }
  return false;
}

std::vector<core::Finding> check(const Window& w, const std::vector<std::pair<int, Record>>& records,
                                 const std::vector<std::uint64_t>& final_sends) {
  std::vector<core::Finding> out;
  std::set<std::pair<std::uint64_t, std::uintptr_t>> reported;  // (remote site, local pc)
  const std::uint64_t my_sends = final_sends[static_cast<std::size_t>(w.me)];
  const int me_world = interpose::world_rank();
  for (const auto& [o, r] : records) {
    for (const Segment& g : w.segments) {
      const auto* hit = overlap(g.writes, r.lo, r.hi);
      bool local_write = hit != nullptr;
      if (!hit && r.write) hit = overlap(g.reads, r.lo, r.hi);
      if (!hit || !unordered(w, g, r, o, final_sends[static_cast<std::size_t>(o)], my_sends)) continue;
      if (!reported.emplace(r.site, hit->second.pc).second) continue;
      const std::uint64_t lo = std::max(r.lo, hit->first), hi = std::min(r.hi, hit->second.hi);
      const core::Site remote{op_names[r.name], w.world[static_cast<std::size_t>(o)], interpose::decode_site(r.site)};
      const char* epoch = r.mode == Mode::fence ? "the same fence epoch"
                          : r.mode == Mode::pscw ? "the exposure epoch it matched"
                                                 : "a passive-target epoch no synchronisation orders with it";
      out.push_back(core::Finding{
          core::ErrorClass::rma_local_target_access_during_remote,
          std::string(hit->second.op) + " on rank " + std::to_string(me_world) + " " +
              (local_write ? "writes" : "reads") + " bytes [" + std::to_string(lo) + ", " + std::to_string(hi) +
              ") of its own window, which " + remote.op + " by rank " + std::to_string(remote.rank) +
              (r.write ? " updates" : " reads") + " in " + epoch,
          {core::Access{core::Site{hit->second.op, me_world, hit->second.pc},
                        local_write ? core::AccessKind::write : core::AccessKind::read, w.base + lo, hi - lo, 0, 0},
           core::Access{remote, r.write ? core::AccessKind::write : core::AccessKind::read, w.base + lo, hi - lo,
                        0, 0}}});
    }
  }
  return out;
}

// Every member is in MPI_Win_free: the records travel to their targets in one
// alltoallv on the window's duplicate, after a header per peer (record words,
// and this rank's final count of calls after which others may learn of it).
void freeing(MPI_Win win) {
  shared_freeing(win);  // collective too: every member is here
  Window w;
  {
    std::lock_guard lock(state().m);
    Target& t = target();
    auto it = t.windows.find(key(win));
    if (it == t.windows.end()) return;
    w = std::move(it->second);
    t.windows.erase(it);
    std::erase_if(t.memory, [&](const auto& p) { return p.second.window == key(win); });  // its part, or regions still attached
    if (t.memory.empty() && !shared_live) windows_live.store(false, std::memory_order_relaxed);
    publish();
    t.records += w.records.size();
    t.segments += w.segments.size();
    t.dropped += w.dropped;
  }
  const auto n = static_cast<std::size_t>(w.n);
  std::vector<std::vector<std::uint64_t>> box(n);
  for (std::size_t i = 0; i < w.records.size(); ++i) {
    const Record& r = w.records[i];
    if (r.mode == Mode::passive && !r.complete) continue;  // never completed: erroneous elsewhere
    const auto words = encode(r);
    auto& b = box[static_cast<std::size_t>(w.record_target[i])];
    b.insert(b.end(), words.begin(), words.end());
  }
  const std::uint64_t sends = target().events.now(w.comm).sends_at_unlock;
  std::vector<std::uint64_t> head(2 * n), theirs(2 * n), sendbuf;
  std::vector<int> scount(n), sdispl(n), rcount(n), rdispl(n);
  for (std::size_t p = 0; p < n; ++p) {
    head[2 * p] = box[p].size(), head[2 * p + 1] = sends;
    sdispl[p] = static_cast<int>(sendbuf.size());
    scount[p] = static_cast<int>(box[p].size());
    sendbuf.insert(sendbuf.end(), box[p].begin(), box[p].end());
  }
  PMPI_Alltoall(head.data(), 2, MPI_UINT64_T, theirs.data(), 2, MPI_UINT64_T, w.shadow);
  int total = 0;
  std::vector<std::uint64_t> final_sends(n);
  for (std::size_t p = 0; p < n; ++p) {
    rcount[p] = static_cast<int>(theirs[2 * p]);
    rdispl[p] = total;
    total += rcount[p];
    final_sends[p] = theirs[2 * p + 1];
  }
  std::vector<std::uint64_t> recvbuf(static_cast<std::size_t>(total));
  PMPI_Alltoallv(sendbuf.data(), scount.data(), sdispl.data(), MPI_UINT64_T, recvbuf.data(), rcount.data(),
                 rdispl.data(), MPI_UINT64_T, w.shadow);
  PMPI_Comm_free(&w.shadow);
  PMPI_Group_free(&w.group);
  std::vector<std::pair<int, Record>> records;
  for (std::size_t o = 0; o < n; ++o)
    for (int k = 0; k + static_cast<int>(record_words) <= rcount[o]; k += static_cast<int>(record_words))
      records.emplace_back(static_cast<int>(o), decode(recvbuf.data() + rdispl[o] + k));
  for (const core::Finding& f : check(w, records, final_sends)) interpose::report(f);
}

// The collectives of calls_coll.def, counted per communicator: its position
// in the arguments (first for the communicator constructors, before the
// request for nonblocking ones, else last).
template <class... A>
void collective(std::string_view name, A... args) noexcept {
  if (name == "MPI_Comm_free") return;
  constexpr std::size_t n = sizeof...(A);
  const std::size_t at = name.starts_with("MPI_Comm") || name == "MPI_Cart_create" ? 0
                         : name.starts_with("MPI_I")                                ? n - 2
                                                                                    : n - 1;
  std::optional<MPI_Comm> comm;
  std::size_t i = 0;
  auto take = [&](auto a) {
    if constexpr (std::is_same_v<decltype(a), MPI_Comm>)
      if (i == at) comm = a;
    ++i;
  };
  (take(args), ...);
  if (!comm) return;
  std::lock_guard lock(state().m);
  target().events.collective(key(*comm));
  shared_collective(key(*comm));
}

}  // namespace

std::atomic<bool> windows_live{false};
thread_local WindowCache window_cache;
std::atomic<std::uint64_t> generation{0};

std::pair<std::uintptr_t, std::uintptr_t> window_hull() {
  const auto parts = window_parts();
  if (parts.empty()) return {0, 0};
  std::uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (const auto& [b, e] : parts) lo = std::min(lo, b), hi = std::max(hi, e);
  return {lo, hi};
}

std::vector<core::InFlight::Range> window_parts() {
  std::vector<core::InFlight::Range> out;
  for (const auto& [base, p] : target().memory) out.emplace_back(base, base + p.size);
  if (shared_live) shared_parts(out);  // every member's part of a shared window
  return out;
}

core::InFlight::Range window_gap_at(std::uintptr_t at) {
  // Every part (few): parts of different windows may overlap.
  std::uintptr_t lo = 0, hi = UINTPTR_MAX;
  const auto part = [&](std::uintptr_t base, std::uintptr_t end) {
    if (base <= at && at < end) return false;
    if (end <= at) lo = std::max(lo, end);
    else hi = std::min(hi, base);
    return true;
  };
  for (const auto& [base, p] : target().memory)
    if (!part(base, base + p.size)) return {0, 0};
  if (shared_live) {
    std::vector<core::InFlight::Range> shared;
    shared_parts(shared);
    for (const auto& [base, end] : shared)
      if (!part(base, end)) return {0, 0};
  }
  return {lo, hi};
}

bool single_threaded() { return single_thread; }

void window_access(std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc, const char* op) {
  Target& t = target();
  if (size == 0) return;
  // A shared window's accesses add nothing inline (no cache, no open run):
  // the segments of the two records end at different calls.
  const bool shared_hit = shared_live && shared_access(addr, size, write, pc, op);
  auto it = t.memory.upper_bound(addr + size - 1);
  if (it == t.memory.begin()) return;
  const auto [part, in] = *std::prev(it);
  const std::uint64_t id = in.window, part_end = part + in.size;
  if (part_end <= addr) return;
  Window& w = t.windows.at(id);
  const int k = write ? 1 : 0;
  settle(k);  // what the inline code grew goes in first, in access order
  ++t.accesses;
  Segment now;
  now.fences = w.fences, now.exposure = w.exposure, now.lock = w.self, now.marks = marks_now(w);
  if (w.segments.empty() || !w.segments.back().same_position(now)) {
    if (w.segments.size() >= max_segments) {
      ++w.dropped;
      return;
    }
    w.segments.push_back(std::move(now));
  }
  if (w.runs >= max_runs) {
    ++w.dropped;
    return;
  }
  const std::uint64_t lo = std::max(addr, part) - w.base, hi = std::min<std::uintptr_t>(addr + size, part_end) - w.base;
  Segment& g = w.segments.back();
  const auto [run_lo, run_hi] = add_run(write ? g.writes : g.reads, lo, hi, pc, op ? op : write ? "store" : "load", w.runs);
  // Until the next MPI call, program accesses inside the run add nothing;
  // cached when no range in flight meets it either. (An MPI call's buffer
  // is not: its after-hook may add ranges within this generation.)
  if (op || shared_hit || w.shared) return;
  const std::uintptr_t covered = state().ranges.first_covered(w.base + run_lo);
  if (covered >= w.base + run_hi)
    window_cache = {generation.load(std::memory_order_relaxed), w.base + run_lo, w.base + run_hi, write};
  if (single_thread) {
    open_runs[k] = {true, id, w.segments.size() - 1, run_lo, run_hi};
    __assay_llvm_runs[3 * k + 2].store(std::min<std::uintptr_t>(part_end, covered), std::memory_order_relaxed);
    __assay_llvm_runs[3 * k + 1].store(w.base + run_hi, std::memory_order_relaxed);
    __assay_llvm_runs[3 * k].store(w.base + run_lo, std::memory_order_relaxed);
  }
}

void note_call(const Call& call) noexcept {
  // MPI_Win_sync (interposed for shared windows, whose accesses are never cached
  // nor grown inline) changes no segment here and no range in flight: the
  // caches and open runs stay valid across it.
  if (std::string_view(call.name) == "MPI_Win_sync") return;
  generation.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard lock(state().m);
  settle(0);
  settle(1);
  target().events.call(call.name);
}

void thread_level(int provided) noexcept { single_thread = provided == MPI_THREAD_SINGLE; }

void target_freeing(MPI_Win win) { freeing(win); }

std::string target_stats() {
  std::lock_guard lock(state().m);
  const Target& t = target();
  return "\"window_accesses\":" + std::to_string(t.accesses) + ",\"window_segments\":" + std::to_string(t.segments) +
         ",\"remote_records\":" + std::to_string(t.records) + ",\"window_accesses_dropped\":" + std::to_string(t.dropped) +
         ",\"window_runs_grown_inline\":" + std::to_string(t.grown) + "," + shared_stats();
}

void register_target_hooks(interpose::Hooks& h) {
  h.before_MPI_Send = before_MPI_Send;
  h.before_MPI_Ssend = before_MPI_Ssend;
  h.before_MPI_Bsend = before_MPI_Bsend;
  h.before_MPI_Rsend = before_MPI_Rsend;
  h.before_MPI_Isend = before_MPI_Isend;
  h.before_MPI_Ibsend = before_MPI_Ibsend;
  h.before_MPI_Issend = before_MPI_Issend;
  h.before_MPI_Irsend = before_MPI_Irsend;
  h.before_MPI_Recv = before_MPI_Recv;
  h.before_MPI_Irecv = before_MPI_Irecv;
  h.before_MPI_Sendrecv = before_sendrecv;
  h.before_MPI_Sendrecv_replace = before_sendrecv_replace;
  h.after_MPI_Win_create = after_create;
  h.after_MPI_Win_allocate = after_allocate;
  h.after_MPI_Win_allocate_shared = after_allocate_shared;
  h.after_MPI_Win_create_dynamic = after_create_dynamic;
  h.after_MPI_Win_attach = after_attach;
  h.before_MPI_Win_detach = before_detach;
  h.before_MPI_Win_sync = before_sync;
  h.before_MPI_Put = before_put;
  h.before_MPI_Get = before_get;
  h.before_MPI_Accumulate = before_acc;
  h.before_MPI_Get_accumulate = before_get_acc;
  h.before_MPI_Fetch_and_op = before_fop;
  h.before_MPI_Compare_and_swap = before_cas;
  h.before_MPI_Rput = before_rput;
  h.before_MPI_Rget = before_rget;
  h.before_MPI_Raccumulate = before_racc;
  h.before_MPI_Rget_accumulate = before_rget_acc;
  h.before_MPI_Win_fence = before_fence;
  h.before_MPI_Win_lock = before_lock;
  h.before_MPI_Win_unlock = before_unlock;
  h.before_MPI_Win_lock_all = before_lock_all;
  h.before_MPI_Win_unlock_all = before_unlock_all;
  h.before_MPI_Win_flush = before_flush;
  h.before_MPI_Win_flush_all = before_flush_all;
  h.before_MPI_Win_start = before_start;
  h.before_MPI_Win_complete = before_complete;
  h.before_MPI_Win_post = before_post;
  h.after_MPI_Win_wait = after_wait;
  h.after_MPI_Win_test = after_test;
#define ASSAY_CALL(family, name, params, args) \
  h.before_##name = [](Call&, auto... a) noexcept { collective(#name, a...); };
#include "assay/interpose/calls_coll.def"
#undef ASSAY_CALL
}

}  // namespace assay::llvmrt
