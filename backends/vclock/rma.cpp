// RMA races as happens-before. Every remote access (MPI_Put, MPI_Get, the
// accumulate family, their request-based forms) is stamped at its call with
// the origin's vector clock and, at the synchronisation that completes it at
// the target, with the origin's own clock entry (MPI-3.1 §11.5:
// MPI_Win_unlock(_all), MPI_Win_flush(_all), the closing MPI_Win_fence,
// MPI_Win_complete; for an MPI_Rget also the completion of its request, MPI-3.1
// §11.3.5; MPI_Win_flush_local(_all) and MPI_Win_sync complete nothing at the
// target and are not intercepted). The origin ships the records
// to the target (the window owner), which checks them against every access it
// holds (core::RmaHappensBefore): two accesses of different origins are
// ordered when the later one's issuing clock knows the earlier one's
// completion.
//
// Clock edges of RMA synchronisation, on a private duplicate of the window's
// communicator made at (collective) window creation:
//  - fence: the members' clocks are joined after the fence (MPI_Allreduce,
//    MAX); accesses of the epoch before it complete in it, so they happen
//    before every access of the next epoch, and accesses of one epoch stay
//    concurrent;
//  - post -> start: MPI_Win_post sends its clock to each origin of its group,
//    MPI_Win_start takes it (polling; a peer that frees the window instead
//    never posts: no edge); complete -> wait: MPI_Win_complete sends its
//    clock to each target of its start group, MPI_Win_wait (or a successful
//    MPI_Win_test) joins them;
//  - passive target: locks carry no clock (the standard orders lock epochs of
//    different origins only by mutual exclusion, not in any known order);
//    accesses under an exclusive lock are never concurrent with another
//    origin's passive accesses on that target; anything else orders passive
//    epochs only through the program's messages and collectives, whose clocks
//    vclock already carries (so a chain through a third rank counts).
// Records travel by MPI_Isend at the completing call; the target takes them
// (MPI_Iprobe) at each of its calls on the window, and at MPI_Win_free
// (collective) learns by one MPI_Alltoall how many each origin sent and takes
// the rest, so no rank ever waits for a message its peer sends outside a call
// both make. The accesses MPI makes to window memory for the owner's own
// calls, and loads and stores, are not seen.
#include <sched.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "assay/core/rma_hb.hpp"
#include "assay/interpose/datatypes.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/sites.hpp"
#include "assay/interpose/windows.hpp"
#include "vclock.hpp"

namespace assay::vclock {
namespace {

using core::HbAccess;
using core::RmaAccessKind;
using interpose::key;

constexpr int tag_records = 11, tag_post = 12, tag_complete = 13, tag_free = 14;
// lo, hi, kind | fetches << 8 | exclusive << 9, op, type, phase, site, completed, then the clock
constexpr std::size_t record_head = 8;

struct Win {
  MPI_Comm shadow = MPI_COMM_NULL;
  MPI_Group group = MPI_GROUP_NULL;
  int me = 0, n = 0;
  std::vector<int> world;                            // world rank of each member
  std::vector<std::uint64_t> disp_unit;              // per member (1 for dynamic windows)
  bool same_op = false;  // accumulate_ops=same_op: MPI_NO_OP only beside MPI_NO_OP
  // An access issued and not yet completed; `request` names the MPI_Rget that
  // made it (0 for every other call), whose completion completes it.
  struct Pending {
    HbAccess access;
    std::uint64_t request = 0;
  };
  std::vector<std::vector<Pending>> pending;         // per target: issued, not yet completed
  std::map<int, bool> locks;                         // target -> exclusive
  bool lock_all = false;
  std::vector<std::uint64_t> sent, received;         // record messages per peer
  std::vector<int> start_targets, post_origins;
  std::vector<char> gone;                            // peers whose free notice arrived
  std::unique_ptr<core::RmaHappensBefore> hb;
  struct Send {
    MPI_Request request;
    std::vector<std::uint64_t> buffer;
  };
  std::vector<std::unique_ptr<Send>> sends;
};

std::map<std::uint64_t, Win>& windows() {
  static auto* m = new std::map<std::uint64_t, Win>;
  return *m;
}
Win* find(MPI_Win w) {
  auto it = windows().find(key(w));
  return it == windows().end() ? nullptr : &it->second;
}

void reap(Win& wi) {
  for (auto it = wi.sends.begin(); it != wi.sends.end();) {
    int done = 0;
    PMPI_Test(&(*it)->request, &done, MPI_STATUS_IGNORE);
    it = done ? wi.sends.erase(it) : it + 1;
  }
}

void send_words(Win& wi, int peer, int tag, std::vector<std::uint64_t> words) {
  reap(wi);
  auto s = std::make_unique<Win::Send>();
  s->buffer = std::move(words);
  PMPI_Isend(s->buffer.data(), static_cast<int>(s->buffer.size()), MPI_UINT64_T, peer, tag, wi.shadow, &s->request);
  wi.sends.push_back(std::move(s));
}

std::vector<std::uint64_t> clock_words() {
  const auto& t = state().clock.entries();
  std::vector<std::uint64_t> w((t.size() + 1) / 2, 0);
  for (std::size_t i = 0; i < t.size(); ++i) w[i / 2] |= static_cast<std::uint64_t>(t[i]) << (32 * (i % 2));
  return w;
}
std::vector<std::uint32_t> clock_of(const std::uint64_t* w, std::size_t n) {
  std::vector<std::uint32_t> t(n);
  for (std::size_t i = 0; i < n; ++i) t[i] = static_cast<std::uint32_t>(w[i / 2] >> (32 * (i % 2)));
  return t;
}
void join_clock(const std::vector<std::uint32_t>& t) {
  State& s = state();
  core::VectorClock other;
  other.assign(t.data(), t.size());
  s.clock.join(other);
  s.clock.tick(static_cast<std::size_t>(s.rank));
}

// --- target side ---------------------------------------------------------------

void take_records(Win& wi, int source) {
  MPI_Status st;
  int count = 0;
  PMPI_Probe(source, tag_records, wi.shadow, &st);
  PMPI_Get_count(&st, MPI_UINT64_T, &count);
  std::vector<std::uint64_t> buf(static_cast<std::size_t>(count));
  PMPI_Recv(buf.data(), count, MPI_UINT64_T, st.MPI_SOURCE, tag_records, wi.shadow, MPI_STATUS_IGNORE);
  ++wi.received[static_cast<std::size_t>(st.MPI_SOURCE)];
  const auto n = static_cast<std::size_t>(state().size);
  const std::size_t words = record_head + (n + 1) / 2;
  static const char* names[] = {"MPI_Get", "MPI_Put", "MPI_Accumulate"};
  for (std::size_t k = 0; k + words <= buf.size(); k += words) {
    const std::uint64_t* r = buf.data() + k;
    HbAccess a;
    a.lo = r[0];
    a.hi = r[1];
    const auto kind = static_cast<unsigned>(r[2] & 0xff);
    a.access.kind = static_cast<RmaAccessKind>(kind < 3 ? kind : 0);
    a.access.fetches = (r[2] >> 8) & 1;
    a.exclusive = (r[2] >> 9) & 1;
    a.access.op = static_cast<std::int32_t>(static_cast<std::uint32_t>(r[3]));
    a.access.type = static_cast<std::uint32_t>(r[4]);
    a.access.phase = static_cast<std::uint32_t>(r[5]);
    a.access.site = core::Site{names[kind < 3 ? kind : 0], wi.world[static_cast<std::size_t>(st.MPI_SOURCE)],
                               interpose::decode_site(r[6])};
    a.completed = static_cast<std::uint32_t>(r[7]);
    a.issued = clock_of(r + record_head, n);
    wi.hb->add(wi.world[static_cast<std::size_t>(wi.me)], std::move(a));
  }
}

// Record messages that have arrived, at any call on the window.
void drain(Win& wi) {
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, tag_records, wi.shadow, &flag, &st);
    if (!flag) return;
    take_records(wi, st.MPI_SOURCE);
  }
}

// --- origin side -----------------------------------------------------------------

// The completing synchronisation: this rank's entry after a tick is the
// completion stamp of every pending access to `target` (request 0), or of
// those the MPI_Rget `request` made (its completion); they are shipped there.
void complete_target(Win& wi, int target, std::uint32_t stamp, std::uint64_t request = 0) {
  auto& pending = wi.pending[static_cast<std::size_t>(target)];
  if (pending.empty()) return;
  const auto n = static_cast<std::size_t>(state().size);
  std::vector<std::uint64_t> words;
  words.reserve(pending.size() * (record_head + (n + 1) / 2));
  for (const Win::Pending& p : pending) {
    if (request && p.request != request) continue;
    const HbAccess& a = p.access;
    words.insert(words.end(), {a.lo, a.hi,
                               static_cast<std::uint64_t>(a.access.kind) |
                                   (static_cast<std::uint64_t>(a.access.fetches) << 8) |
                                   (static_cast<std::uint64_t>(a.exclusive) << 9),
                               static_cast<std::uint64_t>(static_cast<std::uint32_t>(a.access.op)), a.access.type,
                               a.access.phase, interpose::encode_site(a.access.site.pc), stamp});
    std::vector<std::uint64_t> c((n + 1) / 2, 0);
    for (std::size_t i = 0; i < n && i < a.issued.size(); ++i)
      c[i / 2] |= static_cast<std::uint64_t>(a.issued[i]) << (32 * (i % 2));
    words.insert(words.end(), c.begin(), c.end());
  }
  if (words.empty()) return;
  if (request)
    std::erase_if(pending, [request](const Win::Pending& p) { return p.request == request; });
  else
    pending.clear();
  send_words(wi, target, tag_records, std::move(words));
  ++wi.sent[static_cast<std::size_t>(target)];
}

std::uint32_t completion_stamp() {
  State& s = state();
  s.clock.tick(static_cast<std::size_t>(s.rank));
  return s.clock[static_cast<std::size_t>(s.rank)];
}

void complete_all(Win& wi) {
  const std::uint32_t stamp = completion_stamp();
  for (int t = 0; t < wi.n; ++t) complete_target(wi, t, stamp);
}

std::int32_t op_code(MPI_Op op) {
  static const MPI_Op predefined[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND, MPI_LOR,
                                      MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC, MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(std::size(predefined)); ++i)
    if (predefined[i] == op) return i + 1;
  return -2;
}

// An access to target's part of the window: its bytes (displacement x the
// target's disp_unit + the blocks count x datatype touches), stamped with the
// clock now. `request`: the MPI_Rget this access is made by (0: another call).
void operation(const Call& call, RmaAccessKind kind, MPI_Op op, int target, MPI_Aint disp, int count,
               MPI_Datatype type, MPI_Win win, bool fetches = false, std::uint64_t request = 0) {
  Win* wi = find(win);
  if (!wi) return;
  drain(*wi);
  if (target == MPI_PROC_NULL || target < 0 || target >= wi->n || count <= 0) return;
  HbAccess a;
  a.access.kind = kind;
  a.access.site = call.site();
  a.access.time = call.time;
  std::uint32_t element_size = 0;
  if (kind == RmaAccessKind::accumulate) {
    a.access.op = op != MPI_NO_OP ? op_code(op) : wi->same_op ? core::rma_op_no_op_same_op : core::rma_op_no_op;
    a.access.fetches = fetches;
    const MPI_Datatype element = interpose::element_type(type);
    a.access.type = interpose::basic_code(element);
    int size = 0;
    if (element != MPI_DATATYPE_NULL && PMPI_Type_size(element, &size) == MPI_SUCCESS && size > 0)
      element_size = static_cast<std::uint32_t>(size);
  }
  auto held = wi->locks.find(target);
  a.exclusive = !wi->lock_all && held != wi->locks.end() && held->second;
  a.issued = state().clock.entries();
  const std::int64_t base = static_cast<std::int64_t>(disp) *
                            static_cast<std::int64_t>(wi->disp_unit[static_cast<std::size_t>(target)]);
  if (base < 0) return;
  auto blocks = interpose::type_blocks(count, type);
  if (blocks.empty() || blocks.front().first < 0)
    blocks = {{0, static_cast<std::int64_t>(interpose::extent_bytes(count, type))}};
  auto& pending = wi->pending[static_cast<std::size_t>(target)];
  for (const auto& [lo, hi] : blocks) {
    HbAccess b = a;
    b.lo = static_cast<std::uint64_t>(base + lo);
    b.hi = static_cast<std::uint64_t>(base + hi);
    if (element_size) b.access.phase = static_cast<std::uint32_t>(b.lo % element_size);
    // Neighbouring blocks of one call (or of one loop over elements) with
    // the same clock merge before they travel.
    if (!pending.empty()) {
      HbAccess& last = pending.back().access;
      if (pending.back().request == request && last.access == b.access &&
          last.access.site.pc == b.access.site.pc && last.issued == b.issued && last.exclusive == b.exclusive &&
          b.lo <= last.hi && last.lo <= b.hi) {
        last.lo = std::min(last.lo, b.lo);
        last.hi = std::max(last.hi, b.hi);
        continue;
      }
    }
    if (pending.size() < (std::size_t{1} << 16)) pending.push_back(Win::Pending{std::move(b), request});
  }
}

// --- request-based gets ------------------------------------------------------------

// MPI-3.1 §11.3.5: completing an MPI_Rget request (the wait and test family)
// means the data has arrived at the origin, so the read at the target is
// complete; its accesses are stamped and shipped then. Completing an
// MPI_Rput, MPI_Raccumulate or MPI_Rget_accumulate request says only that
// the origin buffer may be reused (and, for MPI_Rget_accumulate, that the
// result buffer holds the result); "it does not indicate that the operation
// has been completed at the target window": those stay pending until a flush
// or unlock, like MPI_Put.
struct GetRequest {
  std::uint64_t win = 0;
  int target = -1;
  std::uint64_t id = 0;  // the Win::Pending request id of its accesses
};
std::map<std::uint64_t, GetRequest>& get_requests() {  // by request handle, until completed or freed
  static auto* m = new std::map<std::uint64_t, GetRequest>;
  return *m;
}
GetRequest& issuing() {  // the MPI_Rget between its before and after hooks
  static GetRequest g;
  return g;
}

void get_issued(const Call& call, int target, MPI_Aint disp, int count, MPI_Datatype type, MPI_Win win) {
  static std::uint64_t ids = 0;
  issuing() = GetRequest{key(win), target, ++ids};
  operation(call, RmaAccessKind::read, MPI_OP_NULL, target, disp, count, type, win, false, issuing().id);
}

// --- PSCW ------------------------------------------------------------------------

// The clock message `tag` from `peer`; nothing when the peer's free notice
// comes first (it will never send it: no edge, and MPI answers as natively).
void await_clock(Win& wi, int peer, int tag) {
  const auto n = static_cast<std::size_t>(state().size);
  for (;;) {
    int there = 0;
    PMPI_Iprobe(peer, tag, wi.shadow, &there, MPI_STATUS_IGNORE);
    if (there) {
      std::vector<std::uint64_t> w((n + 1) / 2);
      PMPI_Recv(w.data(), static_cast<int>(w.size()), MPI_UINT64_T, peer, tag, wi.shadow, MPI_STATUS_IGNORE);
      join_clock(clock_of(w.data(), n));
      return;
    }
    if (wi.gone[static_cast<std::size_t>(peer)]) return;
    int freed = 0;
    PMPI_Iprobe(peer, tag_free, wi.shadow, &freed, MPI_STATUS_IGNORE);
    if (freed) {
      PMPI_Iprobe(peer, tag, wi.shadow, &there, MPI_STATUS_IGNORE);
      if (there) continue;
      std::uint64_t notice = 0;
      PMPI_Recv(&notice, 1, MPI_UINT64_T, peer, tag_free, wi.shadow, MPI_STATUS_IGNORE);
      wi.gone[static_cast<std::size_t>(peer)] = 1;
      return;
    }
    sched_yield();
  }
}

// --- window lifetime ---------------------------------------------------------------

void created(int rc, MPI_Comm comm, int disp_unit, MPI_Win* win, bool dynamic) {
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL) return;
  Win wi;
  PMPI_Comm_size(comm, &wi.n);
  PMPI_Comm_rank(comm, &wi.me);
  // All members are in this call: a collective duplicate is safe here.
  if (PMPI_Comm_dup(comm, &wi.shadow) != MPI_SUCCESS) {
    interpose::tool_failure("MPI_Comm_dup of a window's communicator failed");
    return;
  }
  const auto n = static_cast<std::size_t>(wi.n);
  std::uint64_t mine = dynamic ? 1 : static_cast<std::uint64_t>(disp_unit);
  wi.disp_unit.assign(n, 1);
  PMPI_Allgather(&mine, 1, MPI_UINT64_T, wi.disp_unit.data(), 1, MPI_UINT64_T, wi.shadow);
  PMPI_Comm_group(comm, &wi.group);
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> local(n);
  for (int r = 0; r < wi.n; ++r) local[static_cast<std::size_t>(r)] = r;
  wi.world.assign(n, -1);
  PMPI_Group_translate_ranks(wi.group, wi.n, local.data(), world, wi.world.data());
  PMPI_Group_free(&world);
  wi.pending.resize(n);
  wi.sent.assign(n, 0);
  wi.received.assign(n, 0);
  wi.gone.assign(n, 0);
  wi.same_op = interpose::accumulate_ops_same_op(*win);
  wi.hb = std::make_unique<core::RmaHappensBefore>([](core::Finding f) { interpose::report(f); },
                                                  std::size_t{1} << 16, interpose::accumulate_ordering(*win));
  windows()[key(*win)] = std::move(wi);
}

// MPI_Win_free (collective): every record still on its way is taken and
// checked, then the duplicate goes.
void freeing(const Call&, MPI_Win w) {
  Win* wi = find(w);
  if (!wi) return;
  // Accesses never completed (an epoch left open: erroneous itself) are
  // shipped uncompleted, ordered before nothing.
  for (int t = 0; t < wi->n; ++t) complete_target(*wi, t, 0);
  for (int r = 0; r < wi->n; ++r)
    if (r != wi->me) send_words(*wi, r, tag_free, {0});
  const auto n = static_cast<std::size_t>(wi->n);
  std::vector<std::uint64_t> theirs(n);
  PMPI_Alltoall(wi->sent.data(), 1, MPI_UINT64_T, theirs.data(), 1, MPI_UINT64_T, wi->shadow);
  for (std::size_t o = 0; o < n; ++o)
    while (wi->received[o] < theirs[o]) take_records(*wi, static_cast<int>(o));
  for (int r = 0; r < wi->n; ++r) {  // free notices not taken while polling
    if (r == wi->me || wi->gone[static_cast<std::size_t>(r)]) continue;
    std::uint64_t notice = 0;
    PMPI_Recv(&notice, 1, MPI_UINT64_T, r, tag_free, wi->shadow, MPI_STATUS_IGNORE);
  }
  // Clock messages of PSCW never taken (a peer that freed first, MPI_Win_test never successful).
  for (int tag : {tag_post, tag_complete}) {
    for (;;) {
      int there = 0;
      MPI_Status st;
      PMPI_Iprobe(MPI_ANY_SOURCE, tag, wi->shadow, &there, &st);
      if (!there) break;
      int count = 0;
      PMPI_Get_count(&st, MPI_UINT64_T, &count);
      std::vector<std::uint64_t> words(static_cast<std::size_t>(std::max(count, 1)));
      PMPI_Recv(words.data(), count, MPI_UINT64_T, st.MPI_SOURCE, tag, wi->shadow, MPI_STATUS_IGNORE);
    }
  }
  for (auto& s : wi->sends) PMPI_Wait(&s->request, MPI_STATUS_IGNORE);
  PMPI_Comm_free(&wi->shadow);
  PMPI_Group_free(&wi->group);
  windows().erase(key(w));
}

}  // namespace

void register_rma(interpose::Hooks& h) {
  h.after_MPI_Win_create = [](Call&, int rc, void*, MPI_Aint, int disp_unit, MPI_Info, MPI_Comm comm,
                              MPI_Win* win) noexcept { created(rc, comm, disp_unit, win, false); };
  h.after_MPI_Win_allocate = [](Call&, int rc, MPI_Aint, int disp_unit, MPI_Info, MPI_Comm comm, void*,
                                MPI_Win* win) noexcept { created(rc, comm, disp_unit, win, false); };
  h.after_MPI_Win_allocate_shared = [](Call&, int rc, MPI_Aint, int disp_unit, MPI_Info, MPI_Comm comm, void*,
                                       MPI_Win* win) noexcept { created(rc, comm, disp_unit, win, false); };
  h.after_MPI_Win_create_dynamic = [](Call&, int rc, MPI_Info, MPI_Comm comm, MPI_Win* win) noexcept {
    created(rc, comm, 1, win, true);
  };
  h.before_MPI_Win_free = [](Call& call, MPI_Win* win) noexcept {
    if (win) freeing(call, *win);
  };

  // Fence: the epoch's accesses complete here; the members' clocks are joined
  // after it, so every access of the next epoch knows them.
  h.before_MPI_Win_fence = [](Call&, int, MPI_Win win) noexcept {
    if (Win* wi = find(win)) {
      drain(*wi);
      complete_all(*wi);
    }
  };
  h.after_MPI_Win_fence = [](Call&, int rc, int, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi || rc != MPI_SUCCESS) return;
    State& s = state();
    s.clock.tick(static_cast<std::size_t>(s.rank));
    std::vector<std::uint32_t> t = s.clock.entries();
    PMPI_Allreduce(MPI_IN_PLACE, t.data(), s.size, MPI_UNSIGNED, MPI_MAX, wi->shadow);
    join_clock(t);
  };

  // Passive target.
  h.before_MPI_Win_lock = [](Call&, int lock_type, int rank, int, MPI_Win win) noexcept {
    if (Win* wi = find(win)) {
      drain(*wi);
      wi->locks[rank] = lock_type == MPI_LOCK_EXCLUSIVE;
    }
  };
  h.before_MPI_Win_unlock = [](Call&, int rank, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi) return;
    drain(*wi);
    if (rank >= 0 && rank < wi->n) complete_target(*wi, rank, completion_stamp());
    wi->locks.erase(rank);
  };
  h.before_MPI_Win_lock_all = [](Call&, int, MPI_Win win) noexcept {
    if (Win* wi = find(win)) {
      drain(*wi);
      wi->lock_all = true;
    }
  };
  h.before_MPI_Win_unlock_all = [](Call&, MPI_Win win) noexcept {
    if (Win* wi = find(win)) {
      drain(*wi);
      complete_all(*wi);
      wi->lock_all = false;
    }
  };
  h.before_MPI_Win_flush = [](Call&, int rank, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi) return;
    drain(*wi);
    if (rank >= 0 && rank < wi->n) complete_target(*wi, rank, completion_stamp());
  };
  h.before_MPI_Win_flush_all = [](Call&, MPI_Win win) noexcept {
    if (Win* wi = find(win)) {
      drain(*wi);
      complete_all(*wi);
    }
  };

  // PSCW.
  h.before_MPI_Win_post = [](Call&, MPI_Group group, int, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi) return;
    drain(*wi);
    wi->post_origins = interpose::ranks_in(group, wi->group, wi->n);
    state().clock.tick(static_cast<std::size_t>(state().rank));
    for (int o : wi->post_origins) send_words(*wi, o, tag_post, clock_words());
  };
  h.before_MPI_Win_start = [](Call&, MPI_Group group, int, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi) return;
    drain(*wi);
    wi->start_targets = interpose::ranks_in(group, wi->group, wi->n);
    for (int t : wi->start_targets) await_clock(*wi, t, tag_post);
  };
  h.before_MPI_Win_complete = [](Call&, MPI_Win win) noexcept {
    Win* wi = find(win);
    if (!wi) return;
    drain(*wi);
    complete_all(*wi);
    for (int t : wi->start_targets) send_words(*wi, t, tag_complete, clock_words());
    wi->start_targets.clear();
  };
  h.after_MPI_Win_wait = [](Call&, int rc, MPI_Win win) noexcept {
    if (Win* wi = find(win); wi && rc == MPI_SUCCESS) {
      for (int o : wi->post_origins) await_clock(*wi, o, tag_complete);
      wi->post_origins.clear();
      drain(*wi);
    }
  };
  h.after_MPI_Win_test = [](Call&, int rc, MPI_Win win, int* flag) noexcept {
    if (Win* wi = find(win); wi && rc == MPI_SUCCESS && flag && *flag) {
      for (int o : wi->post_origins) await_clock(*wi, o, tag_complete);
      wi->post_origins.clear();
      drain(*wi);
    }
  };

  // Operations.
  h.before_MPI_Put = [](Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                        MPI_Datatype type, MPI_Win win) noexcept {
    operation(call, RmaAccessKind::write, MPI_OP_NULL, target, disp, count, type, win);
  };
  h.before_MPI_Get = [](Call& call, void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                        MPI_Datatype type, MPI_Win win) noexcept {
    operation(call, RmaAccessKind::read, MPI_OP_NULL, target, disp, count, type, win);
  };
  h.before_MPI_Rput = [](Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                         MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
    operation(call, RmaAccessKind::write, MPI_OP_NULL, target, disp, count, type, win);
  };
  h.before_MPI_Rget = [](Call& call, void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                         MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
    get_issued(call, target, disp, count, type, win);
  };
  h.after_MPI_Rget = [](Call&, int rc, void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win,
                        MPI_Request* request) noexcept {
    if (rc == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL) get_requests()[key(*request)] = issuing();
    issuing() = GetRequest{};
  };
  h.before_MPI_Accumulate = [](Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                               MPI_Datatype type, MPI_Op op, MPI_Win win) noexcept {
    operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win);
  };
  h.before_MPI_Raccumulate = [](Call& call, const void*, int, MPI_Datatype, int target, MPI_Aint disp, int count,
                                MPI_Datatype type, MPI_Op op, MPI_Win win, MPI_Request*) noexcept {
    operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win);
  };
  h.before_MPI_Get_accumulate = [](Call& call, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int target,
                                   MPI_Aint disp, int count, MPI_Datatype type, MPI_Op op, MPI_Win win) noexcept {
    operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win, true);
  };
  h.before_MPI_Rget_accumulate = [](Call& call, const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                                    int target, MPI_Aint disp, int count, MPI_Datatype type, MPI_Op op, MPI_Win win,
                                    MPI_Request*) noexcept {
    operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win, true);
  };
  h.before_MPI_Fetch_and_op = [](Call& call, const void*, void*, MPI_Datatype type, int target, MPI_Aint disp,
                                 MPI_Op op, MPI_Win win) noexcept {
    operation(call, RmaAccessKind::accumulate, op, target, disp, 1, type, win, true);
  };
  h.before_MPI_Compare_and_swap = [](Call& call, const void*, const void*, void*, MPI_Datatype type, int target,
                                     MPI_Aint disp, MPI_Win win) noexcept {
    // An atomic read-modify-write: compatible with itself like an accumulate with one op.
    operation(call, RmaAccessKind::accumulate, MPI_REPLACE, target, disp, 1, type, win, true);
  };
}

void rma_request_completed(std::uint64_t handle) {
  auto& requests = get_requests();
  if (requests.empty()) return;
  auto it = requests.find(handle);
  if (it == requests.end()) return;
  const GetRequest g = it->second;
  requests.erase(it);
  auto w = windows().find(g.win);
  if (w == windows().end() || g.target < 0 || g.target >= w->second.n) return;
  Win& wi = w->second;
  const auto& pending = wi.pending[static_cast<std::size_t>(g.target)];
  // Already shipped when a flush or unlock completed it first.
  if (std::none_of(pending.begin(), pending.end(), [&](const Win::Pending& p) { return p.request == g.id; })) return;
  complete_target(wi, g.target, completion_stamp(), g.id);
}

void rma_request_freed(std::uint64_t handle) { get_requests().erase(handle); }

}  // namespace assay::vclock
