// DESCRIPTION: Rank 0 stores to the origin buffer of a pending MPI_Put (fence epoch).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/fence/put-store-ok
// TAGS: smoke
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, value = 1, target = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_create(&target, sizeof target, sizeof target, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);  // @put
    value = 42;                                           // @store
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
