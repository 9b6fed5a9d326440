#pragma once
// RMA windows by the MPI standard's rules, for any checker.
#include <mpi.h>

namespace assay::interpose {

// The window's accumulate_ordering info (MPI-3.1 §11.2.1, §11.7.2) as a
// core::AccumulateOrdering mask; absent or unreadable, the default, which
// orders every read/write pair of one origin's accumulates to one location.
unsigned accumulate_ordering(MPI_Win win);

// Whether the window's accumulate_ops info is "same_op" (MPI-3.1 §11.2.1):
// concurrent accumulates to one location then use the same op, MPI_NO_OP
// included; the default, same_op_no_op, also admits MPI_NO_OP beside any op.
bool accumulate_ops_same_op(MPI_Win win);

}  // namespace assay::interpose
