// DESCRIPTION: Only rank 0 calls MPI_Bcast (in the branch of the rank test that fills the value); the other ranks skip it and finalize.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: bcast
// TWIN: coll/static-precision/bcast-both-branches-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0;
    if (rank == 0) {
        value = 21;
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast
    } else {
        value = 0;
    }
    MPI_Finalize();
    return 0;
}
