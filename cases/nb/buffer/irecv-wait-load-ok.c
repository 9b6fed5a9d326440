// DESCRIPTION: Rank 1 loads the buffer of an MPI_Irecv only after MPI_Wait has completed it.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer/irecv-load-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    int failed = 0;
    if (rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Request request;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        int early = value;                                             // @load
        int received = value;
        failed = received != 1 || early != 1;
    }

    MPI_Finalize();
    return failed;
}
