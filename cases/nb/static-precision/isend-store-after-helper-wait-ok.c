// DESCRIPTION: Rank 0 completes its MPI_Isend in a helper function that calls MPI_Wait, then reuses the buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/isend-store-before-helper-wait-nok
#include <mpi.h>

static void finish(MPI_Request *request) { MPI_Wait(request, MPI_STATUS_IGNORE); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long value = 40, failed = 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD, &request);
        finish(&request);
        value = 41;
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        failed = value != 40;
    }
    MPI_Finalize();
    return (int)failed;
}
