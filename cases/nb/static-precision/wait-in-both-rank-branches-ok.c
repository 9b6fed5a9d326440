// DESCRIPTION: Both ranks start an exchange; rank 0 completes its send with MPI_Wait and rank 1 with MPI_Waitall in the other branch of a rank test, then both reuse the buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/store-before-rank-branches-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out = rank + 1, in = 0, peer = 1 - rank;
    MPI_Request requests[2];
    MPI_Isend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &requests[1]);
    if (rank == 0) {
        MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
        MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
    } else {
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    }
    out = 0;
    int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
