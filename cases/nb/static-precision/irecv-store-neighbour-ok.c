// DESCRIPTION: Rank 1 receives into elements 2..3 of an array with MPI_Irecv and stores to elements 1 and 4, just outside the receive buffer, while the receive is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-store-inside-nok
// NOTE: The receive buffer is [&row[2], &row[2] + 2 ints); its neighbours are not part of it.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int row[6] = {0, 0, 0, 0, 0, 0};
    int pair[2] = {7, 8};
    int failed = 0;
    if (rank == 0) {
        MPI_Send(pair, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(&row[2], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
        row[1] = -1;
        row[4] = -1;
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        failed = row[1] != -1 || row[2] != 7 || row[3] != 8 || row[4] != -1;
    }
    MPI_Finalize();
    return failed;
}
