// Both ranks receive before they send: a certain deadlock, used to check that
// the runner's supervisor kills a hung MPI job and everything it started.
// Each rank reports its pid first so the test can check that it is gone.
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d pid %ld waiting\n", rank, (long)getpid());
  fflush(stdout);
  int value;
  MPI_Recv(&value, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Send(&rank, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
