// DESCRIPTION: Both ranks exchange one integer with MPI_Sendrecv: no cycle.
// EXPECT: ok
// TWIN: nb/demo/recv-cycle-nok
// TAGS: e2e
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, in = 0, out = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Sendrecv(&out, 1, MPI_INT, 1 - rank, 0, &in, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Finalize();
  return in == 1 ? 0 : 1;
}
