// DESCRIPTION: Over three steps, rank 1 starts an MPI_Irecv, waits for it and then accumulates the received value.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-steps-read-before-wait-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0, total = 0;
    for (int step = 0; step < 3; step++) {
        if (rank == 0) {
            value = step + 1;
            MPI_Send(&value, 1, MPI_INT, 1, step, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Request request;
            MPI_Irecv(&value, 1, MPI_INT, 0, step, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            total += value;
        }
    }
    int failed = rank == 1 && total != 6;
    MPI_Finalize();
    return failed;
}
