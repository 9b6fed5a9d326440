// DESCRIPTION: Both ranks block in MPI_Recv waiting for each other: a deadlock.
// EXPECT: error nb.match.deadlock
// EXPECT-AT: recv
// TWIN: nb/demo/recv-cycle-ok
// TIMEOUT: 3
// TAGS: e2e deadlock
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, in = 0, out = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Recv(&in, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // @recv
  MPI_Send(&out, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
