// The llvm backend's runtime, shared-memory windows (rma.shared.load-store-race):
// every member's part of a window from MPI_Win_allocate_shared, as
// MPI_Win_shared_query maps it into this process, is window memory; this
// process's instrumented loads and stores to any part are kept as coalesced
// byte runs (owner, offset) per segment, the accesses between two of its
// window synchronisations (MPI_Win_sync, fence, lock, unlock, lock_all,
// unlock_all, flush, flush_all, post, start, complete, wait). At each
// synchronisation it notes what orders it with the other members: its
// collectives on the window's communicator (a fence counts as one) and its
// messages to and from each member. At MPI_Win_free (collective) every member
// gathers every other's runs and notes (one allgatherv) and reports the pairs
// of accesses of two processes to overlapping bytes, at least one a store, that
// nothing orders (core/shared_window.hpp), each pair once, by the lower rank.
// Not seen: orders through a third process, receives counted when posted (an
// MPI_Irecv at its call, MPI_ANY_SOURCE as from every member), collectives on
// other communicators, windows never freed, runs beyond max_runs (counted).
#include <mpi.h>

#include <algorithm>
#include <map>
#include <string>

#include "assay/core/shared_window.hpp"
#include "assay/interpose/findings.hpp"
#include "assay/interpose/shadows.hpp"
#include "assay/interpose/sites.hpp"
#include "runtime.hpp"

namespace assay::llvmrt {
namespace {

using interpose::key;

constexpr std::size_t max_runs = 1 << 16, max_syncs = 1 << 14;
constexpr const char* op_names[] = {"load", "store", "MPI call"};

struct Run {
  std::uint64_t hi;
  std::uintptr_t pc;  // the first access (encoded for other processes when its segment closes)
  std::uint32_t op;    // index in op_names
};
// (owner << 48 | offset in its part) -> disjoint runs of the current segment.
using Runs = std::map<std::uint64_t, Run>;
constexpr int owner_shift = 48;

struct Window {
  MPI_Comm shadow = MPI_COMM_NULL;
  std::uint64_t comm = 0;  // key of the window's communicator
  int me = 0, n = 0;
  std::vector<int> world;  // window rank -> world rank
  std::map<int, int> member;  // world rank -> window rank
  std::vector<std::uintptr_t> bases;
  std::uint64_t collectives = 0;
  std::vector<std::uint64_t> sent, received;
  int exclusive = -1;  // the target this process holds an exclusive lock on
  core::SharedProcess record;  // syncs so far, runs of the closed segments
  Runs reads, writes;          // the open segment
  std::size_t runs = 0, dropped = 0;
};

struct Part {
  std::uint64_t size;
  std::uint64_t window;  // key
  int owner;
};

struct Shared {
  std::map<std::uint64_t, Window> windows;   // by key(win)
  std::map<std::uintptr_t, Part> parts;       // base -> part, sized ones only
  std::size_t accesses = 0, runs = 0, syncs = 0, dropped = 0, races = 0;
};
Shared& shared() {  // guarded by state().m
  static auto* s = new Shared;
  return *s;
}

Window* find(MPI_Win win) {
  auto it = shared().windows.find(key(win));
  return it == shared().windows.end() ? nullptr : &it->second;
}

// Moves the open segment's runs to the record (its index: the syncs before it).
void close_segment(Window& w) {
  const std::uint64_t segment = w.record.syncs.size();
  for (Runs* runs : {&w.reads, &w.writes}) {
    for (const auto& [at, r] : *runs)
      w.record.runs.push_back(core::SharedRun{static_cast<int>(at >> owner_shift), at & ((1ULL << owner_shift) - 1),
                                              (at & ((1ULL << owner_shift) - 1)) + (r.hi - at), runs == &w.writes,
                                              segment, w.exclusive, interpose::encode_site(r.pc), r.op});
    runs->clear();
  }
}

// A window synchronisation by this process: a new segment begins.
void synchronised(Window& w) {
  close_segment(w);
  if (w.record.syncs.size() >= max_syncs) {
    ++w.dropped;  // later accesses join the last segment: fewer orders, never more
    return;
  }
  w.record.syncs.push_back(core::SharedSync{w.collectives, w.sent, w.received});
}

// Adds [lo, hi) to disjoint runs, merging what it overlaps or touches.
void add_run(Window& w, Runs& runs, std::uint64_t lo, std::uint64_t hi, std::uintptr_t pc, std::uint32_t op) {
  auto it = runs.upper_bound(lo);
  if (it != runs.begin() && std::prev(it)->second.hi >= lo) --it;
  while (it != runs.end() && it->first <= hi) {
    if (it->first <= lo && it->second.hi >= hi) return;  // already covered
    if (it->first < lo) pc = it->second.pc, op = it->second.op, lo = it->first;
    hi = std::max(hi, it->second.hi);
    it = runs.erase(it);
    --w.runs;
  }
  if (w.runs + w.record.runs.size() >= max_runs) {
    ++w.dropped;
    return;
  }
  runs.emplace(lo, Run{hi, pc, op});
  ++w.runs;
}

void count_message(MPI_Comm comm, int peer, bool sent) {
  auto& s = shared();
  if (s.windows.empty() || comm == MPI_COMM_NULL || peer == MPI_PROC_NULL) return;
  const int world = peer == MPI_ANY_SOURCE ? -1 : interpose::world_rank_of(comm, peer);
  for (auto& [id, w] : s.windows) {
    if (world < 0) {  // any source: as from every member (orders more, reports less)
      for (auto& r : w.received) ++r;
      continue;
    }
    auto m = w.member.find(world);
    if (m == w.member.end()) continue;
    ++(sent ? w.sent : w.received)[static_cast<std::size_t>(m->second)];
  }
}

}  // namespace

bool shared_live = false;

void shared_created(MPI_Win win, MPI_Comm comm) {
  Window w;
  PMPI_Comm_size(comm, &w.n);
  PMPI_Comm_rank(comm, &w.me);
  if (PMPI_Comm_dup(comm, &w.shadow) != MPI_SUCCESS) return;  // every member is in the call
  w.comm = key(comm);
  w.record.rank = w.me;
  const auto n = static_cast<std::size_t>(w.n);
  w.world.resize(n);
  w.bases.resize(n);
  w.sent.assign(n, 0);
  w.received.assign(n, 0);
  std::vector<std::pair<std::uintptr_t, Part>> parts;
  for (int r = 0; r < w.n; ++r) {
    w.world[static_cast<std::size_t>(r)] = interpose::world_rank_of(comm, r);
    w.member[w.world[static_cast<std::size_t>(r)]] = r;
    MPI_Aint size = 0;
    int unit = 0;
    void* base = nullptr;
    if (PMPI_Win_shared_query(win, r, &size, &unit, &base) != MPI_SUCCESS) continue;
    w.bases[static_cast<std::size_t>(r)] = reinterpret_cast<std::uintptr_t>(base);
    if (base && size > 0)
      parts.emplace_back(reinterpret_cast<std::uintptr_t>(base), Part{static_cast<std::uint64_t>(size), key(win), r});
  }
  std::lock_guard lock(state().m);
  Shared& s = shared();
  for (const auto& [base, part] : parts) s.parts[base] = part;
  s.windows[key(win)] = std::move(w);
  shared_live = true;
  windows_live.store(true, std::memory_order_relaxed);
  publish_bounds(state());
}

bool shared_access(std::uintptr_t addr, std::uint64_t size, bool write, std::uintptr_t pc, const char* op) {
  Shared& s = shared();
  const std::uintptr_t end = addr + size;
  auto it = s.parts.upper_bound(addr);
  if (it != s.parts.begin() && std::prev(it)->first + std::prev(it)->second.size > addr) --it;
  bool hit = false;
  // Parts of a contiguous window are adjacent: one access may span several.
  for (; it != s.parts.end() && it->first < end; ++it) {
    const auto& [base, part] = *it;
    if (base + part.size <= addr) continue;
    hit = true;
    ++s.accesses;
    Window& w = s.windows.at(part.window);
    const std::uint64_t lo = std::max(addr, base) - base, hi = std::min<std::uint64_t>(end, base + part.size) - base;
    const std::uint64_t at = static_cast<std::uint64_t>(part.owner) << owner_shift;
    add_run(w, write ? w.writes : w.reads, at + lo, at + hi, pc, op ? 2 : write ? 1 : 0);
  }
  return hit;
}

void shared_parts(std::vector<core::InFlight::Range>& out) {
  for (const auto& [base, part] : shared().parts) out.emplace_back(base, base + part.size);
}

void shared_sync(MPI_Win win, int exclusive) {
  Window* w = find(win);
  if (!w) return;
  ++shared().syncs;
  synchronised(*w);
  if (exclusive != keep_lock) w->exclusive = exclusive;
}

void shared_fence(MPI_Win win) {
  Window* w = find(win);
  if (!w) return;
  synchronised(*w);  // what came before is released, ...
  ++w->collectives;  // ... the fence is a collective on the window's group, ...
  synchronised(*w);  // ... and what follows is acquired after it
}

void shared_collective(std::uint64_t comm) {
  for (auto& [id, w] : shared().windows)
    if (w.comm == comm) ++w.collectives;
}

void shared_message(MPI_Comm comm, int peer, bool sent) {
  if (!shared_live) return;  // read without the lock: set and cleared by this thread's MPI calls
  std::lock_guard lock(state().m);
  count_message(comm, peer, sent);
}

void shared_freeing(MPI_Win win) {
  Window w;
  {
    std::lock_guard lock(state().m);
    Shared& s = shared();
    auto it = s.windows.find(key(win));
    if (it == s.windows.end()) return;
    w = std::move(it->second);
    s.windows.erase(it);
    for (auto p = s.parts.begin(); p != s.parts.end();)
      p = p->second.window == key(win) ? s.parts.erase(p) : std::next(p);
    shared_live = !s.windows.empty();
    close_segment(w);
    s.runs += w.record.runs.size();
    s.dropped += w.dropped;
  }
  // Every member's syncs and runs, as words: [syncs, runs, each sync, each run].
  const auto n = static_cast<std::size_t>(w.n);
  std::vector<std::uint64_t> mine{w.record.syncs.size(), w.record.runs.size()};
  for (const core::SharedSync& y : w.record.syncs) {
    mine.push_back(y.collectives);
    mine.insert(mine.end(), y.sent.begin(), y.sent.end());
    mine.insert(mine.end(), y.received.begin(), y.received.end());
  }
  for (const core::SharedRun& r : w.record.runs)
    mine.insert(mine.end(), {static_cast<std::uint64_t>(r.owner), r.lo, r.hi, r.write, r.segment,
                             static_cast<std::uint64_t>(r.exclusive + 1), r.site, r.op});
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(n), displs(n);
  PMPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, w.shadow);
  int total = 0;
  for (std::size_t p = 0; p < n; ++p) displs[p] = total, total += counts[p];
  std::vector<std::uint64_t> all(static_cast<std::size_t>(total));
  PMPI_Allgatherv(mine.data(), count, MPI_UINT64_T, all.data(), counts.data(), displs.data(), MPI_UINT64_T, w.shadow);
  PMPI_Comm_free(&w.shadow);
  std::vector<core::SharedProcess> members(n);
  for (std::size_t p = 0; p < n; ++p) {
    const std::uint64_t* x = all.data() + displs[p];
    core::SharedProcess& m = members[p];
    m.rank = static_cast<int>(p);
    const std::uint64_t syncs = x[0], runs = x[1];
    x += 2;
    for (std::uint64_t k = 0; k < syncs; ++k, x += 1 + 2 * n)
      m.syncs.push_back(core::SharedSync{x[0], {x + 1, x + 1 + n}, {x + 1 + n, x + 1 + 2 * n}});
    for (std::uint64_t k = 0; k < runs; ++k, x += 8)
      m.runs.push_back(core::SharedRun{static_cast<int>(x[0]), x[1], x[2], x[3] != 0, x[4],
                                       static_cast<int>(x[5]) - 1, x[6], static_cast<std::uint32_t>(std::min<std::uint64_t>(x[7], 2))});
  }
  const core::SharedProcess& me = members[static_cast<std::size_t>(w.me)];
  std::size_t races = 0;
  for (std::size_t q = static_cast<std::size_t>(w.me) + 1; q < n; ++q) {
    for (const core::SharedRace& race : core::shared_races(me, members[q])) {
      ++races;
      const auto side = [&](const core::SharedRun& r, int rank) {
        const core::Site site{op_names[r.op], w.world[static_cast<std::size_t>(rank)], interpose::decode_site(r.site)};
        return core::Access{site, r.write ? core::AccessKind::write : core::AccessKind::read,
                            w.bases[static_cast<std::size_t>(r.owner)] + race.lo, race.hi - race.lo, 0, 0};
      };
      const core::Access a = side(*race.a, w.me), b = side(*race.b, static_cast<int>(q));
      interpose::report(core::Finding{
          core::ErrorClass::rma_shared_load_store_race,
          "a " + a.site.op + " by rank " + std::to_string(a.site.rank) + " and a " + b.site.op + " by rank " +
              std::to_string(b.site.rank) + " touch bytes [" + std::to_string(race.lo) + ", " +
              std::to_string(race.hi) + ") of rank " + std::to_string(w.world[static_cast<std::size_t>(race.a->owner)]) +
              "'s part of a shared-memory window with no MPI_Win_sync, process synchronisation, MPI_Win_sync between them",
          {a, b}});
    }
  }
  std::lock_guard lock(state().m);
  shared().races += races;
}

std::string shared_stats() {
  const Shared& s = shared();
  return "\"shared_accesses\":" + std::to_string(s.accesses) + ",\"shared_runs\":" + std::to_string(s.runs) +
         ",\"shared_syncs\":" + std::to_string(s.syncs) + ",\"shared_dropped\":" + std::to_string(s.dropped) +
         ",\"shared_races\":" + std::to_string(s.races);
}

}  // namespace assay::llvmrt
