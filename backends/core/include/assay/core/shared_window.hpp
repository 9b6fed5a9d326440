#pragma once
// Load/store races through a shared-memory window (MPI_Win_allocate_shared,
// rma.shared.load-store-race): each process's loads and stores to any member's
// part, as coalesced byte runs per *segment* (the accesses between two of its
// window synchronisations), checked pairwise once every process's runs are in.
//
// Ordering (MPI-3.1 §11.2.3: a consistent view of the shared memory is created
// by the window synchronisation functions; §11.5.4 MPI_WIN_SYNC synchronises
// the private and public window copies; the unified model's pattern
// "MPI_WIN_SYNC; process synchronisation; MPI_WIN_SYNC"): process P's access
// `a` is ordered before process Q's access `b` when P synchronised the window
// after `a` (its *release*), then a process synchronisation took P to Q, and Q
// synchronised the window after it and before `b` (its *acquire*). A process
// synchronisation is a collective on the window's communicator that P entered
// after its release and Q left before its acquire (fences count as a
// collective, with a window synchronisation on each side), or a message from P
// to Q: Q had received more messages from P by its acquire than P had sent to Q
// by its release, so at least one was sent after it. Chains through a third
// process are not followed. Two accesses under an exclusive lock on the same
// target are serialised by it (§11.5.3).
#include <cstdint>
#include <vector>

namespace assay::core {

// What a process had done by one of its window synchronisations (MPI_Win_sync,
// fence, lock, unlock, flush, ...) that orders it with the other members.
struct SharedSync {
  std::uint64_t collectives = 0;              // on the window's communicator, fences included
  std::vector<std::uint64_t> sent, received;  // messages to / from each member (window rank)
};

// Bytes [lo, hi) of member `owner`'s part that a process read or wrote in one
// segment: `segment` window synchronisations came before them.
struct SharedRun {
  int owner = 0;
  std::uint64_t lo = 0, hi = 0;
  bool write = false;
  std::uint64_t segment = 0;
  int exclusive = -1;      // the target it held an exclusive lock on, if any
  std::uint64_t site = 0;  // the first access of the run (opaque here)
  std::uint32_t op = 0;    // what made it (opaque here)
};

struct SharedProcess {
  int rank = 0;  // in the window
  std::vector<SharedSync> syncs;
  std::vector<SharedRun> runs;
};

// Whether `p`'s accesses of segment `ps` are ordered before `q`'s of segment `qs`.
bool shared_ordered(const SharedProcess& p, std::uint64_t ps, const SharedProcess& q, std::uint64_t qs);

// A run of each process overlapping on [lo, hi), at least one a write, that
// nothing orders; one per pair of sites (the first run found).
struct SharedRace {
  const SharedRun* a;
  const SharedRun* b;
  std::uint64_t lo, hi;
};
std::vector<SharedRace> shared_races(const SharedProcess& a, const SharedProcess& b);

}  // namespace assay::core
