// DESCRIPTION: Rank 0 calls MPI_Reduce then MPI_Bcast while the other ranks call MPI_Bcast then MPI_Reduce.
// NPROCS: 2
// EXPECT: error coll.order.mismatch
// EXPECT-AT: reduce_first bcast_first
// TWIN: coll/static-precision/reduce-bcast-same-order-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §5.13: all processes of a communicator must call its collective operations in the same order.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0;
    if (rank == 0) {
        MPI_Reduce(&local, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); // @reduce_first
        sum = 2 * sum;
        MPI_Bcast(&sum, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Bcast(&sum, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast_first
        MPI_Reduce(&local, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
