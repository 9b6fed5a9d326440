// Hooks of the one-sided family: windows, epochs and operations, fed to the
// core's RmaSync (epoch and lifecycle checks, bounds, same-origin conflicts),
// and the target side of race analysis (RemoteAccesses): each origin ships the
// intervals a synchronisation completed to their target over a private
// duplicate of the window's communicator, at that synchronisation —
//   fence: one alltoall(v) inside the (collective) fence;
//   PSCW: MPI_Win_complete sends one message to each target of its start
//         group, MPI_Win_wait/test receives one from each origin of its post
//         group (and post/start/free exchange notices that reveal group
//         mismatches, see announce_free);
//   passive: unlock/unlock_all/flush/flush_all send to the target, which picks
//         the notices up by nonblocking probe at its own calls on the window and,
//         at MPI_Win_free (collective), receives exactly the count each origin
//         announces.
// Only the checker's duplicate communicator carries this traffic, so it never
// matches the program's messages, and no rank waits for a message its peer
// sends outside a call both make (no helper thread, no MPI_THREAD_MULTIPLE).
// Synchronisation calls are announced before the PMPI call so that misuse MPI
// answers by aborting (unlock without lock, ...) is reported first.
#include <sched.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "assay/interpose/windows.hpp"
#include "hooks.hpp"

namespace assay::pmpi {
namespace {

using core::RmaAccessKind;
using core::RmaCompletion;

core::RmaSync& rma() { return state().rma; }

constexpr int tag_pscw = 1, tag_passive = 2, tag_post = 3, tag_free = 4;
// lo, hi, kind, op, type, phase, site, completion, then the four PassiveMarks
constexpr std::size_t record_words = 12;
// The size a dynamic window's targets are given: any address fits.
constexpr std::uint64_t unbounded_window = std::uint64_t{1} << 62;

struct WinInfo {
  MPI_Comm shadow = MPI_COMM_NULL;   // the checker's duplicate of the window's communicator
  MPI_Group group = MPI_GROUP_NULL;  // the window communicator's group
  MPI_Comm comm = MPI_COMM_NULL;     // the program's communicator the window was created over
  std::optional<std::uint64_t> comm_created;  // ... and its shadow's creation number
  int me = 0, n = 0;
  std::vector<int> world;                       // world rank of each member
  std::vector<std::vector<std::uint64_t>> outbox;  // encoded records per target
  std::vector<std::uint64_t> sent, received;    // passive notices per peer
  std::vector<int> start_targets, post_origins;
  core::Site post_site;                         // this rank's last MPI_Win_post (pc 0: none yet)
  std::vector<char> gone;                       // peers whose MPI_Win_free notice arrived ...
  std::vector<std::uint64_t> free_site;         // ... and its encoded site
  std::vector<std::pair<int, core::Site>> posts_owed;  // (target, start) of MPI_MODE_NOCHECK starts
  std::uint64_t epoch_opened = 0;               // logical time of the last fence / post
  std::optional<core::Site> no_put;              // the fence / post opening this epoch asserted MPI_MODE_NOPUT
  bool same_op = false;  // accumulate_ops=same_op: MPI_NO_OP only beside MPI_NO_OP
  struct Send {
    MPI_Request request;
    std::vector<std::uint64_t> buffer;
  };
  std::vector<std::unique_ptr<Send>> sends;
  // Passive target: PassiveMarks at MPI_Win_lock per target, at MPI_Win_lock_all.
  std::map<int, core::PassiveMarks> lock_marks;
  std::set<int> exclusive_locks;  // targets locked with MPI_LOCK_EXCLUSIVE now
  core::PassiveMarks lock_all_marks;
  // This rank's part of the window in memory (0, 0: unknown, dynamic), whether
  // it is exposed in a fence or PSCW epoch now, and the accesses MPI made to it
  // on this rank's behalf in that epoch (note_buffer).
  std::uintptr_t base = 0;
  std::uint64_t size = 0;
  bool exposed = false;
  std::vector<core::RemoteRecord> own;
};

std::map<std::uint64_t, WinInfo>& infos() {
  static auto* m = new std::map<std::uint64_t, WinInfo>;
  return *m;
}

WinInfo* info(std::uint64_t w) {
  auto it = infos().find(w);
  return it == infos().end() ? nullptr : &it->second;
}

// The ordering counts as seen from window wi.
core::PassiveMarks marks_now(const WinInfo& wi) { return ordering_events().now(key(wi.comm)); }

// Buffers MPI reads (origin of a put or accumulate, send buffer) or writes
// (origin of a get, receive buffer) for this rank: where they lie in the
// memory of a window exposed in a fence or PSCW epoch, they are local accesses
// to it, checked with the other origins' accesses when the epoch closes.
void note_buffer(const Call& call, const void* buf, int count, MPI_Datatype type, bool writes) {
  if (!buf || count <= 0 || buf == MPI_BOTTOM || buf == MPI_IN_PLACE) return;
  const auto at = reinterpret_cast<std::uintptr_t>(buf);
  std::vector<std::pair<std::int64_t, std::int64_t>> blocks;
  for (auto& [w, wi] : infos()) {
    if (!wi.exposed || wi.size == 0 || wi.own.size() >= (std::size_t{1} << 16)) continue;
    if (blocks.empty()) blocks = type_blocks(count, type);
    for (const auto& [lo, hi] : blocks) {
      // The block [at + lo, at + hi) against the window part [base, base + size).
      const auto b_lo = static_cast<std::int64_t>(at) + lo, b_hi = static_cast<std::int64_t>(at) + hi;
      const auto w_lo = static_cast<std::int64_t>(wi.base), w_hi = w_lo + static_cast<std::int64_t>(wi.size);
      if (b_hi <= w_lo || b_lo >= w_hi) continue;
      core::RemoteRecord r;
      r.interval.lo = static_cast<std::uint64_t>(std::max(b_lo, w_lo) - w_lo);
      r.interval.hi = static_cast<std::uint64_t>(std::min(b_hi, w_hi) - w_lo);
      r.interval.access.kind = writes ? RmaAccessKind::write : RmaAccessKind::read;
      r.interval.access.site = call.site();
      r.interval.access.time = call.time;
      wi.own.push_back(r);
    }
  }
}

// The core hands over completed intervals per target; they wait in the outbox
// until the hook of the completing call ships them.
void collect(std::uint64_t w, int target, RmaCompletion how, std::vector<core::Interval> intervals) {
  WinInfo* wi = info(w);
  if (!wi || target < 0 || target >= wi->n) return;
  auto& box = wi->outbox[static_cast<std::size_t>(target)];
  // Marks of the epoch these intervals belong to: its lock, and now (its unlock).
  const core::PassiveMarks now = marks_now(*wi);
  auto held = wi->lock_marks.find(target);
  const core::PassiveMarks& lock = held != wi->lock_marks.end() ? held->second : wi->lock_all_marks;
  for (const core::Interval& i : intervals) {
    box.insert(box.end(), {i.lo, i.hi, static_cast<std::uint64_t>(i.access.kind),
                           static_cast<std::uint64_t>(static_cast<std::uint32_t>(i.access.op)),
                           i.access.type, i.access.phase, encode_site(i.access.site.pc),
                           static_cast<std::uint64_t>(how), lock.collectives_at_lock,
                           now.collectives_at_unlock, lock.receives_at_lock, now.sends_at_unlock});
  }
}

std::vector<core::RemoteRecord> decode(const WinInfo& wi, int origin, const std::uint64_t* words,
                                       std::size_t count) {
  std::vector<core::RemoteRecord> out;
  for (std::size_t k = 0; k + record_words <= count; k += record_words) {
    const std::uint64_t* r = words + k;
    core::RemoteRecord rec;
    rec.interval.lo = r[0];
    rec.interval.hi = r[1];
    core::RmaAccess& a = rec.interval.access;
    a.kind = static_cast<RmaAccessKind>(r[2]);
    a.op = static_cast<std::int32_t>(static_cast<std::uint32_t>(r[3]));
    a.type = static_cast<std::uint32_t>(r[4]);
    a.phase = static_cast<std::uint32_t>(r[5]);
    static const char* names[] = {"MPI_Get", "MPI_Put", "MPI_Accumulate"};
    a.site = core::Site{names[r[2] < 3 ? r[2] : 0], wi.world[static_cast<std::size_t>(origin)],
                        decode_site(r[6])};
    rec.completion = static_cast<RmaCompletion>(r[7]);
    rec.marks = {r[8], r[9], r[10], r[11]};
    out.push_back(rec);
  }
  return out;
}

void reap_sends(WinInfo& wi) {
  for (auto it = wi.sends.begin(); it != wi.sends.end();) {
    int done = 0;
    PMPI_Test(&(*it)->request, &done, MPI_STATUS_IGNORE);
    it = done ? wi.sends.erase(it) : it + 1;
  }
}

// Every message of the checker to a peer: words on the window's shadow, the
// buffer kept with its request until MPI is done with it.
void send_words(WinInfo& wi, int peer, int tag, std::vector<std::uint64_t> words) {
  auto s = std::make_unique<WinInfo::Send>();
  s->buffer = std::move(words);
  PMPI_Isend(s->buffer.data(), static_cast<int>(s->buffer.size()), MPI_UINT64_T, peer, tag, wi.shadow,
             &s->request);
  wi.sends.push_back(std::move(s));
}

void send_outbox(WinInfo& wi, int target, int tag) {
  send_words(wi, target, tag, std::exchange(wi.outbox[static_cast<std::size_t>(target)], {}));
}

// Origin side of passive target: ship what unlock/flush completed.
void ship_passive(WinInfo& wi) {
  reap_sends(wi);
  for (int t = 0; t < wi.n; ++t) {
    if (wi.outbox[static_cast<std::size_t>(t)].empty()) continue;
    send_outbox(wi, t, tag_passive);
    ++wi.sent[static_cast<std::size_t>(t)];
  }
}

void receive_passive(std::uint64_t w, WinInfo& wi, int source, const Call& call) {
  MPI_Status st;
  int count = 0;
  PMPI_Probe(source, tag_passive, wi.shadow, &st);
  PMPI_Get_count(&st, MPI_UINT64_T, &count);
  std::vector<std::uint64_t> buf(static_cast<std::size_t>(count));
  PMPI_Recv(buf.data(), count, MPI_UINT64_T, st.MPI_SOURCE, tag_passive, wi.shadow, MPI_STATUS_IGNORE);
  ++wi.received[static_cast<std::size_t>(st.MPI_SOURCE)];
  core::RemoteAccesses* remote = rma().remote(w);
  if (!remote) return;
  for (const auto& r : decode(wi, st.MPI_SOURCE, buf.data(), buf.size()))
    remote->passive(wi.world[static_cast<std::size_t>(wi.me)], r, call.time);
}

// Target side of passive target: notices that have arrived, at any call on the window.
void drain(std::uint64_t w, const Call& call) {
  WinInfo* wi = info(w);
  if (!wi) return;
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, tag_passive, wi->shadow, &flag, &st);
    if (!flag) return;
    receive_passive(w, *wi, st.MPI_SOURCE, call);
  }
}

// Active target: a fence exchanges every rank's completed intervals at once,
// after a header per peer: the number of record words, whether this fence
// asserts MPI_MODE_NOPRECEDE, and its call site — the assertion must be given
// by all members or none (MPI-4.0 12.5.5), and only the exchange can tell.
void fence_exchange(std::uint64_t w, WinInfo& wi, const Call& call, int assert) {
  constexpr int head = 3;
  const auto n = static_cast<std::size_t>(wi.n);
  const std::uint64_t no_precede = (assert & MPI_MODE_NOPRECEDE) != 0;
  const core::Site here = call.site();
  std::vector<std::uint64_t> shead, rhead(head * n), sendbuf;
  std::vector<int> scount(n), rcount(n), sdispl(n), rdispl(n);
  for (std::size_t t = 0; t < n; ++t) {
    auto& box = wi.outbox[t];
    sdispl[t] = static_cast<int>(sendbuf.size());
    scount[t] = static_cast<int>(box.size());
    shead.insert(shead.end(), {box.size(), no_precede, encode_site(here.pc)});
    sendbuf.insert(sendbuf.end(), box.begin(), box.end());
    box.clear();
  }
  PMPI_Alltoall(shead.data(), head, MPI_UINT64_T, rhead.data(), head, MPI_UINT64_T, wi.shadow);
  int total = 0;
  for (std::size_t r = 0; r < n; ++r) {
    rcount[r] = static_cast<int>(rhead[head * r]);
    rdispl[r] = total;
    total += rcount[r];
  }
  // Reported by each rank that asserted it, naming the first member that did not.
  for (std::size_t r = 0; no_precede && r < n; ++r) {
    if (rhead[head * r + 1]) continue;
    const core::Site theirs{"MPI_Win_fence", wi.world[r], decode_site(rhead[head * r + 2])};
    State::report({core::ErrorClass::rma_sync_assert_violation,
                   "MPI_Win_fence asserts MPI_MODE_NOPRECEDE on rank " + std::to_string(here.rank) +
                       " but not on rank " + std::to_string(theirs.rank) +
                       "; it must be given by all processes of the window or none",
                   {core::call(here), core::call(theirs)}});
    break;
  }
  std::vector<std::uint64_t> recvbuf(static_cast<std::size_t>(total));
  PMPI_Alltoallv(sendbuf.data(), scount.data(), sdispl.data(), MPI_UINT64_T, recvbuf.data(),
                 rcount.data(), rdispl.data(), MPI_UINT64_T, wi.shadow);
  std::vector<core::RemoteRecord> records;
  for (std::size_t o = 0; o < n; ++o) {
    auto part = decode(wi, static_cast<int>(o), recvbuf.data() + rdispl[o], static_cast<std::size_t>(rcount[o]));
    records.insert(records.end(), part.begin(), part.end());
  }
  if (core::RemoteAccesses* remote = rma().remote(w); remote && !records.empty())
    remote->epoch(wi.world[static_cast<std::size_t>(wi.me)], records, wi.epoch_opened, call.time, wi.no_put,
                  wi.own);
  wi.own.clear();
  wi.exposed = !(assert & MPI_MODE_NOSUCCEED);
  wi.epoch_opened = call.time;
  // The epoch this fence opens, if any, is bound by its MPI_MODE_NOPUT.
  wi.no_put.reset();
  if ((assert & MPI_MODE_NOPUT) && !(assert & MPI_MODE_NOSUCCEED)) wi.no_put = here;
}

// PSCW group consistency (MPI-3.1 §11.5.2): every process of a start group
// must post an exposure epoch to the origin, and every process of a post group
// must start an access epoch to the target; otherwise MPI hangs. Each post
// sends its origins a notice, which the origin's MPI_Win_start takes before
// calling MPI; each MPI_Win_free first tells every member that this rank opens
// no more epochs on the window. A rank about to wait for a peer in PSCW (the
// target in MPI_Win_wait for an origin's completion notice, the origin in
// MPI_Win_start for a target's post notice) polls for that message or the
// peer's free notice. MPI may block there anyway (MPI-3.1 §11.5.2 lets
// MPI_Win_start wait for the posts, and Open MPI does), so a correct program
// is not kept waiting longer than MPI may keep it; the free notice means the
// peer never will: reported, and then MPI's call runs (and hangs, as natively).
void announce_free(WinInfo& wi, const Call& call) {
  reap_sends(wi);
  const std::uint64_t at = encode_site(reinterpret_cast<std::uintptr_t>(call.pc));
  const std::uint64_t last_post = wi.post_site.pc ? encode_site(wi.post_site.pc) : 0;
  for (int r = 0; r < wi.n; ++r) {
    if (r != wi.me) send_words(wi, r, tag_free, {at, last_post});
  }
}

struct FreeNotice {
  core::Site free, last_post;  // last_post.pc == 0: the peer never posted
};

// Polls until `peer` sent a message with `tag` (left for the caller), or its
// free notice arrived instead (taken and returned).
std::optional<FreeNotice> await_peer(WinInfo& wi, int peer, int tag) {
  for (;;) {
    int sent = 0, freed = 0;
    PMPI_Iprobe(peer, tag, wi.shadow, &sent, MPI_STATUS_IGNORE);
    if (sent) return std::nullopt;
    PMPI_Iprobe(peer, tag_free, wi.shadow, &freed, MPI_STATUS_IGNORE);
    if (freed) {
      // The peer sent the awaited message, if at all, before its free notice.
      PMPI_Iprobe(peer, tag, wi.shadow, &sent, MPI_STATUS_IGNORE);
      if (sent) return std::nullopt;
      std::uint64_t notice[2] = {0, 0};
      PMPI_Recv(notice, 2, MPI_UINT64_T, peer, tag_free, wi.shadow, MPI_STATUS_IGNORE);
      wi.gone[static_cast<std::size_t>(peer)] = 1;
      wi.free_site[static_cast<std::size_t>(peer)] = notice[0];
      const int world = wi.world[static_cast<std::size_t>(peer)];
      return FreeNotice{{"MPI_Win_free", world, decode_site(notice[0])},
                        {"MPI_Win_post", world, notice[1] ? decode_site(notice[1]) : 0}};
    }
    sched_yield();
  }
}

// A post notice from t, known to be there.
void take_post(WinInfo& wi, int t) {
  std::uint64_t site = 0;
  PMPI_Recv(&site, 1, MPI_UINT64_T, t, tag_post, wi.shadow, MPI_STATUS_IGNORE);
}

// pre MPI_Win_start: the post notice of every target, or the report of the
// target that will never post; such targets get no completion notice.
void await_posts(WinInfo& wi, const core::Site& mine) {
  std::vector<int> posted;
  for (int t : wi.start_targets) {
    if (auto gone = await_peer(wi, t, tag_post)) {
      const bool ever = gone->last_post.pc != 0;
      State::report({core::ErrorClass::rma_sync_pscw_group_mismatch,
                     "rank " + std::to_string(mine.rank) + " starts an access epoch to rank " +
                         std::to_string(gone->free.rank) + ", which frees the window without posting " +
                         (ever ? "an exposure epoch to rank " + std::to_string(mine.rank) +
                                     " (its last MPI_Win_post excludes it)"
                               : "any exposure epoch"),
                     {core::call(mine), core::call(ever ? gone->last_post : gone->free)}});
      continue;
    }
    take_post(wi, t);
    posted.push_back(t);
  }
  wi.start_targets = posted;
}

// pre MPI_Win_start with MPI_MODE_NOCHECK: the program asserts the posts are
// done, and MPI need not wait for them, so neither does the checker: notices
// not there yet are owed, settled at MPI_Win_free.
void take_posts(WinInfo& wi, const core::Site& start) {
  for (int t : wi.start_targets) {
    int there = 0;
    PMPI_Iprobe(t, tag_post, wi.shadow, &there, MPI_STATUS_IGNORE);
    if (there) take_post(wi, t);
    else wi.posts_owed.emplace_back(t, start);
  }
}

// In MPI_Win_free, once every peer's free notice is in: a peer posts, if at
// all, before it frees, so an owed post notice not there now never comes.
void settle_owed_posts(WinInfo& wi) {
  for (const auto& [t, start] : wi.posts_owed) {
    int there = 0;
    PMPI_Iprobe(t, tag_post, wi.shadow, &there, MPI_STATUS_IGNORE);
    if (there) {
      take_post(wi, t);
      continue;
    }
    const int world = wi.world[static_cast<std::size_t>(t)];
    State::report({core::ErrorClass::rma_sync_pscw_group_mismatch,
                   "rank " + std::to_string(start.rank) + " starts an access epoch to rank " +
                       std::to_string(world) +
                       " (MPI_MODE_NOCHECK), which frees the window without a matching MPI_Win_post",
                   {core::call(start),
                    core::call(core::Site{"MPI_Win_free", world, decode_site(wi.free_site[static_cast<std::size_t>(t)])})}});
  }
  wi.posts_owed.clear();
}

// pre MPI_Win_wait: every origin of the post group completed (its notice is
// there, taken by exposure_closed), or will never start: reported and dropped.
void await_completions(WinInfo& wi) {
  std::vector<int> started;
  for (int o : wi.post_origins) {
    if (auto gone = await_peer(wi, o, tag_pscw)) {
      const core::Site& mine = wi.post_site;
      State::report({core::ErrorClass::rma_sync_pscw_group_mismatch,
                     "rank " + std::to_string(mine.rank) + " posts an exposure epoch to rank " +
                         std::to_string(gone->free.rank) +
                         ", which frees the window without starting an access epoch to rank " +
                         std::to_string(mine.rank),
                     {core::call(mine), core::call(gone->free)}});
      continue;
    }
    started.push_back(o);
  }
  wi.post_origins = started;
}

// MPI_Win_wait / a successful MPI_Win_test: every origin of the post group has
// completed and sent its notice.
void exposure_closed(std::uint64_t w, const Call& call) {
  WinInfo* wi = info(w);
  if (!wi) return;
  std::vector<core::RemoteRecord> records;
  for (int o : wi->post_origins) {
    MPI_Status st;
    int count = 0;
    PMPI_Probe(o, tag_pscw, wi->shadow, &st);
    PMPI_Get_count(&st, MPI_UINT64_T, &count);
    std::vector<std::uint64_t> buf(static_cast<std::size_t>(count));
    PMPI_Recv(buf.data(), count, MPI_UINT64_T, o, tag_pscw, wi->shadow, MPI_STATUS_IGNORE);
    auto part = decode(*wi, o, buf.data(), buf.size());
    records.insert(records.end(), part.begin(), part.end());
  }
  wi->post_origins.clear();
  if (core::RemoteAccesses* remote = rma().remote(w); remote && !records.empty())
    remote->epoch(wi->world[static_cast<std::size_t>(wi->me)], records, wi->epoch_opened, call.time, wi->no_put,
                  wi->own);
  wi->own.clear();
  wi->exposed = false;
  wi->no_put.reset();
}

// Interval-structure statistics, one JSON object per line in
// $ASSAY_REPORT_DIR/stats-rank-<N>.json (not *.jsonl: those are findings).
void write_stats(std::uint64_t w, const WinInfo& wi) {
  const char* dir = std::getenv("ASSAY_REPORT_DIR");
  auto m = rma().memory(w);
  if (!dir || !*dir || !m) return;
  if (m->window_bytes == unbounded_window) m->window_bytes = 0;  // dynamic: no size of its own
  std::string path = std::string(dir) + "/stats-rank-" + std::to_string(my_rank()) + ".json";
  if (std::FILE* f = std::fopen(path.c_str(), "a")) {
    std::fprintf(f,
                 "{\"rank\":%d,\"window_bytes\":%llu,\"nodes\":%zu,\"depth\":%zu,\"bytes\":%zu,"
                 "\"peak_nodes\":%zu,\"peak_depth\":%zu,\"peak_bytes\":%zu,\"ranks\":%d}\n",
                 my_rank(), static_cast<unsigned long long>(m->window_bytes), m->nodes, m->depth,
                 m->bytes, m->peak_nodes, m->peak_depth, m->peak_bytes, wi.n);
    std::fclose(f);
  }
}

// Each rank's (size, disp_unit), gathered at creation on the shadow of the
// window's communicator (or the communicator itself, whose members are all in
// this very call).
void created(const Call& call, int rc, MPI_Comm comm, MPI_Aint size, int disp_unit, MPI_Win* win,
             bool dynamic, const void* base) {
  if (rc != MPI_SUCCESS || !win || *win == MPI_WIN_NULL) return;
  int n = 0, me = 0;
  PMPI_Comm_size(comm, &n);
  PMPI_Comm_rank(comm, &me);
  const Shadow* s = shadow_of(comm);
  // A dynamic window's displacements are addresses (disp_unit 1, MPI-3.1
  // §11.2.4) into memory attached later: its accesses are tracked like any
  // other's, with no bound (whether they hit attached memory is not checked).
  std::vector<core::WindowTarget> targets(static_cast<std::size_t>(n), {unbounded_window, 1});
  if (!dynamic) {
    targets.clear();
    std::uint64_t mine[2] = {static_cast<std::uint64_t>(size), static_cast<std::uint64_t>(disp_unit)};
    std::vector<std::uint64_t> all(2 * static_cast<std::size_t>(n));
    PMPI_Allgather(mine, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, s ? s->comm : comm);
    for (int r = 0; r < n; ++r)
      targets.push_back({all[2 * static_cast<std::size_t>(r)], all[2 * static_cast<std::size_t>(r) + 1]});
  }
  static const bool hooked = [] {
    rma().on_complete(collect);
    return true;
  }();
  (void)hooked;
  // All members are in this call: a collective duplicate is safe here.
  WinInfo wi;
  wi.me = me;
  wi.n = n;
  wi.comm = comm;
  if (s) wi.comm_created = s->created;
  if (PMPI_Comm_dup(comm, &wi.shadow) != MPI_SUCCESS) {
    tool_failure("MPI_Comm_dup of a window's shadow communicator failed");
    return;
  }
  PMPI_Comm_group(comm, &wi.group);
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> local(static_cast<std::size_t>(n));
  wi.world.resize(local.size());
  for (int r = 0; r < n; ++r) local[static_cast<std::size_t>(r)] = r;
  PMPI_Group_translate_ranks(wi.group, n, local.data(), world, wi.world.data());
  PMPI_Group_free(&world);
  for (int& r : wi.world)
    if (r == MPI_UNDEFINED) r = -1;
  wi.outbox.resize(local.size());
  wi.sent.assign(local.size(), 0);
  wi.received.assign(local.size(), 0);
  wi.gone.assign(local.size(), 0);
  wi.free_site.assign(local.size(), 0);
  wi.base = reinterpret_cast<std::uintptr_t>(base);
  wi.size = base ? static_cast<std::uint64_t>(size) : 0;
  wi.epoch_opened = call.time;
  wi.same_op = interpose::accumulate_ops_same_op(*win);
  watch_window_errors(*win);
  infos()[key(*win)] = std::move(wi);
  rma().created(key(*win), call.site(), me, std::move(targets), interpose::accumulate_ordering(*win));
}

// MPI_Win_free (collective): collect every passive notice still on its way and
// every peer's free notice, then release the shadow.
void freeing(std::uint64_t w, const Call& call) {
  WinInfo* wi = info(w);
  if (!wi) return;
  // Per peer: the passive notices sent to it, and this origin's final count of
  // calls after which others may learn of it (PassiveMarks::sends_at_unlock).
  const auto n = static_cast<std::size_t>(wi->n);
  const std::uint64_t sends = marks_now(*wi).sends_at_unlock;
  std::vector<std::uint64_t> mine(2 * n), theirs(2 * n);
  for (std::size_t r = 0; r < n; ++r) mine[2 * r] = wi->sent[r], mine[2 * r + 1] = sends;
  PMPI_Alltoall(mine.data(), 2, MPI_UINT64_T, theirs.data(), 2, MPI_UINT64_T, wi->shadow);
  std::map<int, std::uint64_t> final_sends;
  for (std::size_t o = 0; o < n; ++o) {
    while (wi->received[o] < theirs[2 * o]) receive_passive(w, *wi, static_cast<int>(o), call);
    final_sends[wi->world[o]] = theirs[2 * o + 1];
  }
  if (core::RemoteAccesses* remote = rma().remote(w)) remote->settle(wi->world[static_cast<std::size_t>(wi->me)], final_sends);
  for (int r = 0; r < wi->n; ++r) {  // every peer's free notice not taken while polling
    std::uint64_t notice[2];
    if (r == wi->me || wi->gone[static_cast<std::size_t>(r)]) continue;
    PMPI_Recv(notice, 2, MPI_UINT64_T, r, tag_free, wi->shadow, MPI_STATUS_IGNORE);
    wi->free_site[static_cast<std::size_t>(r)] = notice[0];
  }
  settle_owed_posts(*wi);
  for (auto& s : wi->sends) PMPI_Wait(&s->request, MPI_STATUS_IGNORE);
  write_stats(w, *wi);
  PMPI_Comm_free(&wi->shadow);
  PMPI_Group_free(&wi->group);
  infos().erase(w);
}

std::int32_t op_code(MPI_Op op) {
  static const MPI_Op predefined[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND,
                                      MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC,
                                      MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(sizeof predefined / sizeof predefined[0]); ++i)
    if (predefined[i] == op) return i + 1;
  return -2;
}

// pre: an operation on target_rank's part of win: epoch, bounds, conflicts.
// fetches: the call also returns the old value (MPI_Get_accumulate, MPI_Fetch_and_op,
// MPI_Compare_and_swap), which matters to the window's accumulate ordering.
void operation(const Call& call, RmaAccessKind kind, MPI_Op op, int target, MPI_Aint disp,
               int count, MPI_Datatype type, MPI_Win win, bool fetches = false) {
  drain(key(win), call);
  if (target == MPI_PROC_NULL) {
    rma().null_operation(key(win), call.site());
    return;
  }
  if (const WinInfo* wi = info(key(win)); wi && (target < 0 || target >= wi->n)) {
    State::report({core::ErrorClass::rma_arg_invalid,
                   std::string(call.name) + ": the target " + std::to_string(target) +
                       " is not a rank of the window's group of " + std::to_string(wi->n),
                   {core::call(call.site())}});
    return;
  }
  core::RmaOperation o;
  o.access.kind = kind;
  o.access.site = call.site();
  o.access.time = call.time;
  // An MPI_Rget's read is completed by its request, named until MPI returns
  // the handle by the call's unique time.
  if (std::string_view(call.name) == "MPI_Rget") o.access.request = call.time;
  if (kind == RmaAccessKind::accumulate) {
    const WinInfo* wi = info(key(win));
    o.access.op = op != MPI_NO_OP ? op_code(op)  // NO_OP: an atomic read
                  : wi && wi->same_op ? core::rma_op_no_op_same_op : core::rma_op_no_op;
    o.access.fetches = fetches;
    // Atomic per element of the one basic type the datatype is built from.
    const MPI_Datatype element = element_type(type);
    o.access.type = basic_code(element);
    int size = 0;
    if (element != MPI_DATATYPE_NULL && PMPI_Type_size(element, &size) == MPI_SUCCESS && size > 0)
      o.element_size = static_cast<std::uint32_t>(size);
  }
  o.target = target;
  o.target_disp = disp;
  o.target_bytes = extent_bytes(count, type);
  // The bytes a strided type touches, relative to the displacement like
  // target_bytes (a negative lower bound: leave it to the whole extent).
  for (const auto& [lo, hi] : type_blocks(count, type)) {
    if (lo < 0) {
      o.blocks.clear();
      break;
    }
    o.blocks.emplace_back(static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi));
  }
  rma().operation(key(win), o);
}

unsigned fence_asserts(int assert) {
  unsigned a = 0;
  if (assert & MPI_MODE_NOPRECEDE) a |= core::no_precede;
  if (assert & MPI_MODE_NOSUCCEED) a |= core::no_succeed;
  if (assert & MPI_MODE_NOSTORE) a |= core::no_store;
  if (assert & MPI_MODE_NOPUT) a |= core::no_put;
  return a;
}

}  // namespace

void note_mpi_buffer(const Call& call, const void* buf, int count, MPI_Datatype type, bool writes) {
  note_buffer(call, buf, count, type, writes);
}

OrderingEvents& ordering_events() {
  static auto* e = new OrderingEvents;
  return *e;
}

void note_collective(MPI_Comm comm) { ordering_events().collective(key(comm)); }

void note_ordering(const Call& call) { ordering_events().call(call.name); }

void post_MPI_Win_create(Call& call, int rc, void* base, MPI_Aint size, int disp_unit, MPI_Info,
                         MPI_Comm comm, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false, base);
}
void post_MPI_Win_allocate(Call& call, int rc, MPI_Aint size, int disp_unit, MPI_Info,
                           MPI_Comm comm, void* baseptr, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false, baseptr ? *static_cast<void**>(baseptr) : nullptr);
}
void post_MPI_Win_allocate_shared(Call& call, int rc, MPI_Aint size, int disp_unit, MPI_Info,
                                  MPI_Comm comm, void* baseptr, MPI_Win* win) noexcept {
  created(call, rc, comm, size, disp_unit, win, false, baseptr ? *static_cast<void**>(baseptr) : nullptr);
}
void post_MPI_Win_create_dynamic(Call& call, int rc, MPI_Info, MPI_Comm comm, MPI_Win* win) noexcept {
  created(call, rc, comm, 0, 1, win, true, nullptr);
}
void pre_MPI_Win_free(Call& call, MPI_Win* win) noexcept {
  if (!win) return;
  drain(key(*win), call);
  // Report first: an open epoch may hang the free (and our exchange in it).
  if (!rma().free_check(key(*win), call.site())) return;  // invalid window: reported
  if (WinInfo* wi = info(key(*win))) {
    announce_free(*wi, call);  // before anything that may wait: a peer may be polling for it
    if (wi->comm_created) check_window_free(call, wi->comm, *wi->comm_created);
  }
  freeing(key(*win), call);
  rma().freed(key(*win), call.site());
}

void pre_MPI_Win_fence(Call& call, int assert, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().fence(key(win), fence_asserts(assert), call.site());
  if (WinInfo* wi = info(key(win))) fence_exchange(key(win), *wi, call, assert);
}
void pre_MPI_Win_lock(Call& call, int lock_type, int rank, int, MPI_Win win) noexcept {
  drain(key(win), call);
  if (lock_type != MPI_LOCK_SHARED && lock_type != MPI_LOCK_EXCLUSIVE)
    State::report({core::ErrorClass::rma_arg_invalid,
                   "MPI_Win_lock: the lock type " + std::to_string(lock_type) +
                       " is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE",
                   {core::call(call.site())}});
  if (WinInfo* wi = info(key(win))) {
    wi->lock_marks[rank] = marks_now(*wi);
    if (lock_type == MPI_LOCK_EXCLUSIVE) wi->exclusive_locks.insert(rank);
  }
  rma().lock(key(win), rank, call.site(), lock_type == MPI_LOCK_EXCLUSIVE);
}
void pre_MPI_Win_unlock(Call& call, int rank, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().unlock(key(win), rank, call.site());
  if (WinInfo* wi = info(key(win))) {
    ship_passive(*wi);
    wi->lock_marks.erase(rank);
    // After its completions: releasing an exclusive lock lets a waiting locker go on.
    if (wi->exclusive_locks.erase(rank)) ordering_events().released_exclusive();
  }
}
void pre_MPI_Win_lock_all(Call& call, int, MPI_Win win) noexcept {
  drain(key(win), call);
  if (WinInfo* wi = info(key(win))) wi->lock_all_marks = marks_now(*wi);
  rma().lock_all(key(win), call.site());
}
void pre_MPI_Win_unlock_all(Call& call, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().unlock_all(key(win), call.site());
  if (WinInfo* wi = info(key(win))) ship_passive(*wi);
}
void pre_MPI_Win_flush(Call& call, int rank, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().flush(key(win), rank, call.site());
  if (WinInfo* wi = info(key(win))) ship_passive(*wi);
}
void pre_MPI_Win_flush_all(Call& call, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().flush(key(win), std::nullopt, call.site());
  if (WinInfo* wi = info(key(win))) ship_passive(*wi);
}
void pre_MPI_Win_start(Call& call, MPI_Group group, int assert, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().start(key(win), call.site());
  if (WinInfo* wi = info(key(win))) {
    wi->start_targets = interpose::ranks_in(group, wi->group, wi->n);
    if (assert & MPI_MODE_NOCHECK) take_posts(*wi, call.site());
    else await_posts(*wi, call.site());
  }
}
void pre_MPI_Win_complete(Call& call, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().complete(key(win), call.site());
  WinInfo* wi = info(key(win));
  if (!wi) return;
  // One message to every target of the start group, even an empty one: the
  // target's wait receives exactly one from each origin of its post group.
  reap_sends(*wi);
  for (int t : wi->start_targets) send_outbox(*wi, t, tag_pscw);
  wi->start_targets.clear();
  for (auto& box : wi->outbox) box.clear();
}
void pre_MPI_Win_post(Call& call, MPI_Group group, int assert, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().post(key(win), call.site());
  if (WinInfo* wi = info(key(win))) {
    wi->post_origins = interpose::ranks_in(group, wi->group, wi->n);
    wi->post_site = call.site();
    wi->own.clear();
    wi->exposed = true;
    reap_sends(*wi);
    for (int o : wi->post_origins) send_words(*wi, o, tag_post, {encode_site(wi->post_site.pc)});
    wi->epoch_opened = call.time;
    wi->no_put.reset();
    if (assert & MPI_MODE_NOPUT) wi->no_put = call.site();
  }
}
void pre_MPI_Win_wait(Call& call, MPI_Win win) noexcept {
  drain(key(win), call);
  rma().wait(key(win), call.site());
  if (WinInfo* wi = info(key(win))) await_completions(*wi);
}
void post_MPI_Win_wait(Call& call, int rc, MPI_Win win) noexcept {
  if (rc == MPI_SUCCESS) exposure_closed(key(win), call);
}
// MPI_Win_test ends the exposure epoch only when it sets flag.
void post_MPI_Win_test(Call& call, int rc, MPI_Win win, int* flag) noexcept {
  if (rc == MPI_SUCCESS && *flag) {
    rma().wait(key(win), call.site());
    exposure_closed(key(win), call);
  }
}

void pre_MPI_Put(Call& call, const void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int count,
                 MPI_Datatype type, MPI_Win win) noexcept {
  note_mpi_buffer(call, obuf, ocount, otype, false);
  operation(call, RmaAccessKind::write, MPI_OP_NULL, target, disp, count, type, win);
}
void pre_MPI_Get(Call& call, void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int count,
                 MPI_Datatype type, MPI_Win win) noexcept {
  note_mpi_buffer(call, obuf, ocount, otype, true);
  operation(call, RmaAccessKind::read, MPI_OP_NULL, target, disp, count, type, win);
}
void pre_MPI_Accumulate(Call& call, const void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
                        int count, MPI_Datatype type, MPI_Op op, MPI_Win win) noexcept {
  note_mpi_buffer(call, obuf, ocount, otype, false);
  operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win);
}
void pre_MPI_Get_accumulate(Call& call, const void* obuf, int ocount, MPI_Datatype otype, void* rbuf,
                            int rcount, MPI_Datatype rtype,
                            int target, MPI_Aint disp, int count, MPI_Datatype type, MPI_Op op,
                            MPI_Win win) noexcept {
  if (op != MPI_NO_OP) note_mpi_buffer(call, obuf, ocount, otype, false);  // else ignored by MPI
  note_mpi_buffer(call, rbuf, rcount, rtype, true);
  operation(call, RmaAccessKind::accumulate, op, target, disp, count, type, win, true);
}
void pre_MPI_Fetch_and_op(Call& call, const void* obuf, void* rbuf, MPI_Datatype type, int target,
                          MPI_Aint disp, MPI_Op op, MPI_Win win) noexcept {
  if (op != MPI_NO_OP) note_mpi_buffer(call, obuf, 1, type, false);
  note_mpi_buffer(call, rbuf, 1, type, true);
  operation(call, RmaAccessKind::accumulate, op, target, disp, 1, type, win, true);
}
void pre_MPI_Compare_and_swap(Call& call, const void* obuf, const void* cbuf, void* rbuf, MPI_Datatype type,
                              int target, MPI_Aint disp, MPI_Win win) noexcept {
  note_mpi_buffer(call, obuf, 1, type, false);
  note_mpi_buffer(call, cbuf, 1, type, false);
  note_mpi_buffer(call, rbuf, 1, type, true);
  // An atomic read-modify-write: compatible with itself like accumulate with one op.
  operation(call, RmaAccessKind::accumulate, MPI_REPLACE, target, disp, 1, type, win, true);
}
// The request-based calls check like their blocking forms; the request then
// completes the operation at the origin (MPI-3.1 §11.3.5), tracked like others.
void rma_request_created(const Call& call, int rc, MPI_Request* request) {
  if (rc == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL)
    state().requests.created(key(*request), request, core::RequestKind::rma, false, call.site());
}
void pre_MPI_Rput(Call& call, const void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int count,
                  MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
  pre_MPI_Put(call, obuf, ocount, otype, target, disp, count, type, win);
}
void post_MPI_Rput(Call& call, int rc, const void*, int, MPI_Datatype, int, MPI_Aint, int,
                   MPI_Datatype, MPI_Win, MPI_Request* request) noexcept {
  rma_request_created(call, rc, request);
}
void pre_MPI_Rget(Call& call, void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int count,
                  MPI_Datatype type, MPI_Win win, MPI_Request*) noexcept {
  pre_MPI_Get(call, obuf, ocount, otype, target, disp, count, type, win);
}
// MPI_Rget requests in flight -> the time of their call (RmaAccess::request).
static std::map<std::uint64_t, std::uint64_t>& rget_requests() {
  static auto* r = new std::map<std::uint64_t, std::uint64_t>;
  return *r;
}
void rget_completed(std::uint64_t request) {
  const auto it = rget_requests().find(request);
  if (it == rget_requests().end()) return;
  const std::uint64_t time = it->second;
  rget_requests().erase(it);
  rma().request_completed(time);
}
void rget_forgotten(std::uint64_t request) { rget_requests().erase(request); }
void post_MPI_Rget(Call& call, int rc, void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype,
                   MPI_Win, MPI_Request* request) noexcept {
  rma_request_created(call, rc, request);
  if (rc == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL) rget_requests()[key(*request)] = call.time;
}
void pre_MPI_Raccumulate(Call& call, const void* obuf, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
                         int count, MPI_Datatype type, MPI_Op op, MPI_Win win, MPI_Request*) noexcept {
  pre_MPI_Accumulate(call, obuf, ocount, otype, target, disp, count, type, op, win);
}
void post_MPI_Raccumulate(Call& call, int rc, const void*, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype,
                          MPI_Op, MPI_Win, MPI_Request* request) noexcept {
  rma_request_created(call, rc, request);
}
void pre_MPI_Rget_accumulate(Call& call, const void* obuf, int ocount, MPI_Datatype otype, void* rbuf,
                             int rcount, MPI_Datatype rtype, int target, MPI_Aint disp, int count,
                             MPI_Datatype type, MPI_Op op, MPI_Win win, MPI_Request*) noexcept {
  pre_MPI_Get_accumulate(call, obuf, ocount, otype, rbuf, rcount, rtype, target, disp, count, type, op, win);
}
void post_MPI_Rget_accumulate(Call& call, int rc, const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int,
                              MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win, MPI_Request* request) noexcept {
  rma_request_created(call, rc, request);
}

void finalize_rma(const Call&) { rma().finalize(); }

// The hooks this family implements; every other call only passes through.
void register_rma(Hooks& h) {
  h.before_MPI_Accumulate = pre_MPI_Accumulate;
  h.before_MPI_Compare_and_swap = pre_MPI_Compare_and_swap;
  h.before_MPI_Fetch_and_op = pre_MPI_Fetch_and_op;
  h.before_MPI_Get = pre_MPI_Get;
  h.before_MPI_Get_accumulate = pre_MPI_Get_accumulate;
  h.before_MPI_Raccumulate = pre_MPI_Raccumulate;
  h.after_MPI_Raccumulate = post_MPI_Raccumulate;
  h.before_MPI_Put = pre_MPI_Put;
  h.before_MPI_Rget = pre_MPI_Rget;
  h.after_MPI_Rget = post_MPI_Rget;
  h.before_MPI_Rget_accumulate = pre_MPI_Rget_accumulate;
  h.after_MPI_Rget_accumulate = post_MPI_Rget_accumulate;
  h.before_MPI_Rput = pre_MPI_Rput;
  h.after_MPI_Rput = post_MPI_Rput;
  h.after_MPI_Win_allocate = post_MPI_Win_allocate;
  h.after_MPI_Win_allocate_shared = post_MPI_Win_allocate_shared;
  h.before_MPI_Win_complete = pre_MPI_Win_complete;
  h.after_MPI_Win_create = post_MPI_Win_create;
  h.after_MPI_Win_create_dynamic = post_MPI_Win_create_dynamic;
  h.before_MPI_Win_fence = pre_MPI_Win_fence;
  h.before_MPI_Win_flush = pre_MPI_Win_flush;
  h.before_MPI_Win_flush_all = pre_MPI_Win_flush_all;
  h.before_MPI_Win_free = pre_MPI_Win_free;
  h.before_MPI_Win_lock = pre_MPI_Win_lock;
  h.before_MPI_Win_lock_all = pre_MPI_Win_lock_all;
  h.before_MPI_Win_post = pre_MPI_Win_post;
  h.before_MPI_Win_start = pre_MPI_Win_start;
  h.after_MPI_Win_test = post_MPI_Win_test;
  h.before_MPI_Win_unlock = pre_MPI_Win_unlock;
  h.before_MPI_Win_unlock_all = pre_MPI_Win_unlock_all;
  h.before_MPI_Win_wait = pre_MPI_Win_wait;
  h.after_MPI_Win_wait = post_MPI_Win_wait;
}

}  // namespace assay::pmpi
