// The vclock checker: its state and its registration with the interposition
// layer. Around MPI's lifetime: the clock and the shadows of MPI_COMM_WORLD
// come up after MPI_Init; MPI_Finalize is a watched wait for everybody.
#include <mpi.h>

#include "vclock.hpp"

namespace assay::vclock {

State& state() {
  static State* s = new State;  // never destroyed: hooks may run during exit
  return *s;
}

std::uint64_t comm_id(MPI_Comm comm) {
  const interpose::Shadow* s = state().shadows.of(comm);
  return s ? s->created : ~0ull;
}

std::string comm_name(std::uint64_t id) {
  return id == 0 ? "MPI_COMM_WORLD" : "communicator #" + std::to_string(id);
}

const std::vector<int>& members(MPI_Comm comm) {
  static std::map<MPI_Comm, std::vector<int>> cache;
  auto it = cache.find(comm);
  if (it != cache.end()) return it->second;
  int n = 0;
  PMPI_Comm_size(comm, &n);
  MPI_Group group, world;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> local(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) local[static_cast<std::size_t>(i)] = i;
  PMPI_Group_translate_ranks(group, n, local.data(), world, out.data());
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  return cache[comm] = out;
}

int to_world(MPI_Comm comm, int rank) {
  if (rank < 0) return rank;
  if (comm == MPI_COMM_WORLD) return rank;
  const auto& m = members(comm);
  return static_cast<std::size_t>(rank) < m.size() ? m[static_cast<std::size_t>(rank)] : -1;
}

namespace {

interpose::Checker make_checker() {
  interpose::Checker c{"vclock"};
  register_messages(c.hooks);
  register_collectives(c.hooks);
  register_rma(c.hooks);
  c.lifecycle.after_init = [](const Call&, int provided) noexcept {
    State& s = state();
    PMPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &s.size);
    s.clock = core::VectorClock(static_cast<std::size_t>(s.size));
    s.shadows.add(MPI_COMM_WORLD);  // id 0 on every rank
    status_watch_start(provided);
    watchdog_start();
  };
  // Watched statuses: the time between two calls is the program's.
  c.lifecycle.enter_call = [](const Call& call) noexcept {
    status_watch_enter();
    reduction_mark_call(call);
  };
  c.lifecycle.leave_call = []() noexcept { status_watch_leave(); };
  c.lifecycle.before_finalize = [](const Call& call) noexcept {
    status_watch_finalize();
    watchdog_stop(call);  // every rank is in MPI_Finalize after it
    finalize_messages(call);
    state().shadows.drop_all();
  };
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);

}  // namespace
}  // namespace assay::vclock
