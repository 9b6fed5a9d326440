// DESCRIPTION: Only the ranks above 0 call MPI_Barrier (if (rank > 0)); rank 0 skips it.
// NPROCS: 2
// EXPECT: error coll.order.conditional
// EXPECT-AT: barrier
// TWIN: coll/static-precision/barrier-size-condition-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.1: a collective is called by all processes of the communicator.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank > 0)
        MPI_Barrier(MPI_COMM_WORLD); // @barrier
    MPI_Finalize();
    return 0;
}
