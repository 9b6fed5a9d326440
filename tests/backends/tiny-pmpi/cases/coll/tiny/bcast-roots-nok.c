// DESCRIPTION: The two ranks name different roots in one MPI_Bcast.
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: bcast
// TWIN: coll/tiny/bcast-roots-ok
// TIMEOUT: 5
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, value = 7;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(&value, 1, MPI_INT, rank, MPI_COMM_WORLD); // @bcast
  MPI_Finalize();
  return 0;
}
