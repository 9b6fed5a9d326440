// DESCRIPTION: Both ranks call MPI_Bcast then MPI_Barrier, in the same order.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/order/barrier-bcast-swap-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 7 : 0;
    if (rank == 0) {
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); // @bcast_first
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
    }

    int failed = value != 7;
    MPI_Finalize();
    return failed;
}
