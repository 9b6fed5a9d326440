// DESCRIPTION: Rank 0 overwrites the buffer of its MPI_Isend only after MPI_Wait has completed it.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/isend-store-before-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 5, failed = 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        value = 6;
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        failed = value != 5;
    }
    MPI_Finalize();
    return failed;
}
