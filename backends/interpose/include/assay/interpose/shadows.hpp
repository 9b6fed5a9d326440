#pragma once
// Shadow communicators: a checker's own traffic (descriptors of collectives,
// notices between window members, clocks) travels on a duplicate of each
// program communicator, so it never matches the program's messages or
// collectives. Each checker holds its own Shadows.
#include <mpi.h>

#include <cstdint>
#include <map>
#include <vector>

namespace assay::interpose {

struct Shadow {
  MPI_Comm comm = MPI_COMM_NULL;
  std::uint64_t created = 0;  // creation order, the same on every member
  bool aligned = true;        // false once the checker's protocol on it lost step
};

class Shadows {
 public:
  // Duplicates `comm` (an intracommunicator; others are not shadowed). The
  // duplication is collective, so call it where the program creates `comm`.
  void add(MPI_Comm comm) noexcept;
  void drop(MPI_Comm comm) noexcept;  // where the program frees `comm`
  void drop_all() noexcept;           // at MPI_Finalize
  Shadow* of(MPI_Comm comm) noexcept;  // nullptr when `comm` has none
  const std::map<MPI_Comm, Shadow>& all() const noexcept { return by_comm_; }

 private:
  std::map<MPI_Comm, Shadow> by_comm_;
  std::uint64_t created_ = 0;
};

// The rank in MPI_COMM_WORLD of `rank` in `comm`.
int world_rank_of(MPI_Comm comm, int rank) noexcept;

// The ranks in `into` (a window's or communicator's group of `n` processes) of
// the members of `group`, e.g. a PSCW start or post group; members outside
// `into` are left out, MPI_GROUP_NULL gives none.
std::vector<int> ranks_in(MPI_Group group, MPI_Group into, int n) noexcept;

}  // namespace assay::interpose
