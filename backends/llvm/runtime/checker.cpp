// The llvm backend's runtime: registration with the interposition layer, the
// run's statistics at MPI_Finalize, and the local-completion calls the layer
// does not list (MPI_Win_flush_local, MPI_Win_flush_local_all), hand-written
// here so that other checkers' behaviour does not change.
#include <mpi.h>

#include "assay/interpose/interpose.hpp"
#include "runtime.hpp"

namespace assay::llvmrt {
namespace {

interpose::Checker make_checker() {
  interpose::Checker c{"llvm"};
  register_hooks(c.hooks);
  c.lifecycle.before_finalize = [](const Call&) noexcept { write_stats(interpose::world_rank()); };
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);

// A local completion: the origin buffers of the operations to the target may
// be reused (MPI-3.1 §11.5.4), which is all this checker tracks.
int flush_local(int target, MPI_Win win, bool all) {
  interpose::Guard guard;
  const int rc = all ? PMPI_Win_flush_local_all(win) : PMPI_Win_flush_local(target, win);
  if (guard.outermost() && interpose::active() && rc == MPI_SUCCESS) rma_completed(win, all ? -1 : target);
  return rc;
}

}  // namespace
}  // namespace assay::llvmrt

extern "C" int MPI_Win_flush_local(int rank, MPI_Win win) { return assay::llvmrt::flush_local(rank, win, false); }
extern "C" int MPI_Win_flush_local_all(MPI_Win win) { return assay::llvmrt::flush_local(-1, win, true); }
