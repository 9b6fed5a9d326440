// DESCRIPTION: Rank 0 updates the buffer of its MPI_Ibcast only after MPI_Wait completes the broadcast.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/ibcast-store-before-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = rank == 0 ? 8 : 0;
    MPI_Request request;
    MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int failed = value != 8;
    if (rank == 0)
        value = 9;
    MPI_Finalize();
    return failed;
}
