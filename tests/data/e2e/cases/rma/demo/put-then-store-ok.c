// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Put only after the closing fence.
// EXPECT: ok
// TWIN: rma/demo/put-then-store-nok
// TAGS: e2e
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, value = 1;
  _Alignas(16) int target[2] = {0, 0};  // MPICH 4.0.2 needs 16-byte aligned windows (docs/ARCHITECTURE.md)
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(target, sizeof target, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  value = 42;
  MPI_Win_free(&win);
  MPI_Finalize();
  return value == 42 ? 0 : 1;
}
