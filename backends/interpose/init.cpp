// Hand-written: MPI_Init, MPI_Init_thread and MPI_Finalize bring the checkers
// up and down around the application's MPI lifetime; MPI_Wtime (it returns a
// double, so it is not in calls.def) is checked for its lifetime only.
#include "assay/interpose/findings.hpp"
#include "detail.hpp"

namespace assay::interpose {
namespace {

int init(void* pc, const char* name, int* argc, char*** argv, bool thread, int required, int* provided) noexcept {
  Guard guard;
  Call call{name, pc};
  detail::each_lifecycle(&Lifecycle::before_init, call);  // e.g. MPI_Init after MPI_Finalize
  int level = MPI_THREAD_SINGLE;
  int rc = thread ? PMPI_Init_thread(argc, argv, required, &level) : PMPI_Init(argc, argv);
  if (thread && provided) *provided = level;
  if (rc != MPI_SUCCESS) return rc;
  if (!thread) PMPI_Query_thread(&level);
  PMPI_Comm_rank(MPI_COMM_WORLD, &detail::rank);
  open_findings(detail::rank);
  detail::each_lifecycle(&Lifecycle::after_init, call, level);
  detail::active.store(true, std::memory_order_release);
  return rc;
}

int finalize(void* pc) noexcept {
  Guard guard;
  if (guard.outermost()) {
    Call call{"MPI_Finalize", pc};
    if (!active()) {  // before MPI_Init or a second time: a call outside MPI's lifetime
      detail::outside(call);
      return PMPI_Finalize();
    }
    detail::each_lifecycle(&Lifecycle::before_finalize, call);
    detail::active.store(false, std::memory_order_release);
    close_findings();
  }
  return PMPI_Finalize();
}

}  // namespace
}  // namespace assay::interpose

extern "C" int MPI_Init(int* argc, char*** argv) {
  return assay::interpose::init(__builtin_return_address(0), "MPI_Init", argc, argv, false, 0, nullptr);
}

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  return assay::interpose::init(__builtin_return_address(0), "MPI_Init_thread", argc, argv, true, required, provided);
}

extern "C" int MPI_Finalize() { return assay::interpose::finalize(__builtin_return_address(0)); }

extern "C" double MPI_Wtime() {
  assay::interpose::Guard guard;
  if (guard.outermost() && !assay::interpose::active())
    assay::interpose::detail::outside(assay::interpose::Call{"MPI_Wtime", __builtin_return_address(0)});
  return PMPI_Wtime();
}
