// The llvm backend's runtime: registration with the interposition layer and
// the run's statistics at MPI_Finalize.
#include <mpi.h>

#include "assay/interpose/interpose.hpp"
#include "runtime.hpp"

namespace assay::llvmrt {
namespace {

interpose::Checker make_checker() {
  interpose::Checker c{"llvm"};
  register_hooks(c.hooks);
  c.lifecycle.before_finalize = [](const Call&) noexcept { write_stats(interpose::world_rank()); };
  c.lifecycle.enter_call = note_call;
  c.lifecycle.leave_call = publish_gaps;
  c.lifecycle.after_init = [](const Call&, int provided) noexcept { thread_level(provided); };
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);

}  // namespace
}  // namespace assay::llvmrt
