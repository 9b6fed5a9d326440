// DESCRIPTION: Rank 1 starts four MPI_Irecv into a request array in one loop and completes each with MPI_Wait in a second loop.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/request-array-wait-loop-short-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int values[4] = {10, 11, 12, 13};
    int failed = 0;
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            MPI_Send(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request requests[4];
        for (int i = 0; i < 4; i++)
            MPI_Irecv(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &requests[i]);
        for (int i = 0; i < 4; i++)
            MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= values[i] != 10 + i;
    }
    MPI_Finalize();
    return failed;
}
