// Hand-written: MPI_Init, MPI_Init_thread and MPI_Finalize set up and tear down
// the checker around the application's MPI lifetime.
#include <cstdlib>

#include "runtime.hpp"

namespace assay::pmpi {
namespace {

void start_checker() noexcept {
  State& s = state();
  PMPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  open_report(s.rank);
  add_shadow(MPI_COMM_WORLD);
  s.active = true;
}

int finalize(void* pc) noexcept {
  Guard guard;
  State& s = state();
  if (guard.outermost() && s.active) {
    Call call{"MPI_Finalize", pc};
    finalize_p2p(call);
    finalize_coll(call);
    finalize_rma(call);
    s.active = false;
    while (!s.shadows.empty()) drop_shadow(s.shadows.begin()->first);
    close_report();
  }
  return PMPI_Finalize();
}

}  // namespace
}  // namespace assay::pmpi

extern "C" int MPI_Init(int* argc, char*** argv) {
  assay::pmpi::Guard guard;
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) assay::pmpi::start_checker();
  return rc;
}

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  assay::pmpi::Guard guard;
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) assay::pmpi::start_checker();
  return rc;
}

extern "C" int MPI_Finalize() { return assay::pmpi::finalize(__builtin_return_address(0)); }
