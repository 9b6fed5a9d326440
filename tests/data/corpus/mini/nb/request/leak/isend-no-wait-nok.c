// DESCRIPTION: Rank 0 starts an MPI_Isend and never completes its request.
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
// TWIN: nb/request/leak/isend-wait-ok
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, value = 7;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request request;
  if (rank == 0) {
    MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);  // @isend
  } else if (rank == 1) {
    MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
