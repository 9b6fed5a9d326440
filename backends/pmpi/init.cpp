// Hand-written: MPI_Init, MPI_Init_thread and MPI_Finalize set up and tear down
// the checker around the application's MPI lifetime.
#include <cstdlib>

#include "runtime.hpp"

namespace assay::pmpi {
namespace {

void start_checker(const Call& call, int provided) noexcept {
  State& s = state();
  PMPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  open_report(s.rank);
  add_shadow(MPI_COMM_WORLD);
  watch_truncation();
  init_done(call, provided);
  s.active = true;
}

int init(void* pc, const char* name, int* argc, char*** argv, bool thread, int required,
         int* provided) noexcept {
  Guard guard;
  Call call{name, pc};
  init_entered(call);  // MPI_Init after MPI_Finalize: reported before MPI aborts
  int level = MPI_THREAD_SINGLE;
  int rc = thread ? PMPI_Init_thread(argc, argv, required, &level) : PMPI_Init(argc, argv);
  if (thread && provided) *provided = level;
  if (rc != MPI_SUCCESS) return rc;
  if (!thread) PMPI_Query_thread(&level);
  start_checker(call, level);
  return rc;
}

int finalize(void* pc) noexcept {
  Guard guard;
  State& s = state();
  if (guard.outermost() && s.active) {
    Call call{"MPI_Finalize", pc};
    finalize_p2p(call);
    finalize_coll(call);
    finalize_rma(call);
    finalize_res(call);
    finalize_entered();
    s.active = false;
    while (!s.shadows.empty()) drop_shadow(s.shadows.begin()->first);
    close_report();
  }
  return PMPI_Finalize();
}

}  // namespace
}  // namespace assay::pmpi

extern "C" int MPI_Init(int* argc, char*** argv) {
  return assay::pmpi::init(__builtin_return_address(0), "MPI_Init", argc, argv, false, 0, nullptr);
}

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  return assay::pmpi::init(__builtin_return_address(0), "MPI_Init_thread", argc, argv, true,
                           required, provided);
}

extern "C" int MPI_Finalize() { return assay::pmpi::finalize(__builtin_return_address(0)); }
