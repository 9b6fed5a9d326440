// DESCRIPTION: Rank 0 calls MPI_Barrier then MPI_Bcast while rank 1 calls MPI_Bcast then MPI_Barrier, so each waits in a different collective.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: barrier_first bcast_first
// TWIN: coll/order/bcast-barrier-same-order-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.13: all processes of a communicator must call its collective operations in the same order.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 7 : 0;
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD);                    // @barrier_first
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast_first
        MPI_Barrier(MPI_COMM_WORLD);
    }

    int failed = value != 7;
    MPI_Finalize();
    return failed;
}
