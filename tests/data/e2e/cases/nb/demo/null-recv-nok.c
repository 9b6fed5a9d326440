// DESCRIPTION: Rank 1 receives 4 integers into a NULL buffer: the program crashes.
// EXPECT: error mem.recv.overrun
// EXPECT-AT: recv
// TWIN: nb/demo/recv-cycle-ok
// TAGS: e2e crash
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
  int rank, data[4] = {1, 2, 3, 4};
  int *buffer = NULL;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(buffer, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // @recv
  MPI_Finalize();
  return 0;
}
