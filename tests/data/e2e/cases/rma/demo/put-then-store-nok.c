// DESCRIPTION: Rank 0 stores to the origin buffer of a pending MPI_Put (fence epoch).
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/demo/put-then-store-ok
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
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @put
    value = 42;                                          // @store
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
