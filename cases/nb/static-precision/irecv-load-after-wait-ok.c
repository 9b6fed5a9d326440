// DESCRIPTION: Rank 1 reads the last element of the buffer of its MPI_Irecv after MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-load-before-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double data[4] = {1.0, 2.0, 3.0, 4.0};
    int failed = 0;
    if (rank == 0) {
        MPI_Send(data, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(data, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= data[i] != i + 1.0;
    }
    MPI_Finalize();
    return failed;
}
