// DESCRIPTION: Both ranks name root 0 in one MPI_Bcast.
// EXPECT: ok
// TWIN: coll/tiny/bcast-roots-nok
// TIMEOUT: 5
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, value = 7;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast
  MPI_Finalize();
  return 0;
}
