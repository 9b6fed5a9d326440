// tiny-pmpi: a whole PMPI checker in a few lines on the interposition layer
// (docs/backends.md, "Writing a PMPI checker"). Before every MPI_Bcast on
// MPI_COMM_WORLD the ranks compare their roots on the checker's shadow of
// WORLD, which never mixes with the program's traffic, and a rank whose root
// differs from rank 0's reports coll.arg.root-mismatch. Built with
// TINY_BROKEN, it refuses to start instead: the broken twin of the seam test.
#include "assay/interpose/findings.hpp"
#include "assay/interpose/interpose.hpp"
#include "assay/interpose/shadows.hpp"

#include <string>
#include <vector>

namespace {
using namespace assay;

interpose::Shadows& shadows() {
  static auto* s = new interpose::Shadows;
  return *s;
}

void before_bcast(interpose::Call& call, void*, int, MPI_Datatype, int root, MPI_Comm comm) noexcept {
  interpose::Shadow* world = comm == MPI_COMM_WORLD ? shadows().of(comm) : nullptr;
  if (!world) return;
  int size = 0;
  PMPI_Comm_size(world->comm, &size);
  std::vector<int> roots(static_cast<std::size_t>(size));
  PMPI_Allgather(&root, 1, MPI_INT, roots.data(), 1, MPI_INT, world->comm);
  if (roots[0] != root)
    interpose::report({core::ErrorClass::coll_arg_root_mismatch,
                       "MPI_Bcast with root " + std::to_string(root) + " where rank 0 uses root " +
                           std::to_string(roots[0]),
                       {core::call(call.site())}});
}

interpose::Checker make_checker() {
  interpose::Checker c{"tiny-pmpi"};
  c.hooks.before_MPI_Bcast = before_bcast;
#ifdef TINY_BROKEN
  c.lifecycle.after_init = [](const interpose::Call&, int) noexcept {
    interpose::tool_failure("tiny-pmpi-broken refuses to start");
  };
#else
  c.lifecycle.after_init = [](const interpose::Call&, int) noexcept { shadows().add(MPI_COMM_WORLD); };
  c.lifecycle.before_finalize = [](const interpose::Call&) noexcept { shadows().drop_all(); };
#endif
  return c;
}

const interpose::Checker checker = make_checker();
ASSAY_REGISTER_CHECKER(checker);
}  // namespace
