#pragma once
// RMA windows by the MPI standard's rules, for any checker.
#include <mpi.h>

namespace assay::interpose {

// The window's accumulate_ordering info (MPI-3.1 §11.2.1, §11.7.2) as a
// core::AccumulateOrdering mask; absent or unreadable, the default, which
// orders every read/write pair of one origin's accumulates to one location.
unsigned accumulate_ordering(MPI_Win win);

}  // namespace assay::interpose
