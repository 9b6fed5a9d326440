// DESCRIPTION: Rank 0 stores to the origin buffer of an MPI_Put after the closing fence.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/fence/put-store-nok
// TAGS: smoke
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, value = 1, target = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_create(&target, sizeof target, sizeof target, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  value = 42;
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
