// DESCRIPTION: Rank 1 polls its MPI_Irecv with MPI_Test until it completes and only then reads the buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-load-in-test-loop-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0, failed = 0;
    if (rank == 0) {
        value = 9;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        int done = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
        while (!done)
            MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        failed = value != 9;
    }
    MPI_Finalize();
    return failed;
}
