// DESCRIPTION: Rank 0 starts three MPI_Isend, completes the first two with MPI_Waitall and then overwrites the buffer of the third, which is still pending.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/static-precision/isend-store-inside-waitall-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out[3] = {1, 2, 3}, in[3] = {0, 0, 0};
    if (rank == 0) {
        MPI_Request requests[3];
        MPI_Isend(&out[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Isend(&out[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Isend(&out[2], 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &requests[2]); // @isend
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        out[0] = 0;
        out[2] = 0; // @store
        MPI_Wait(&requests[2], MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        for (int i = 0; i < 3; i++)
            MPI_Recv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 3; i++)
            sink = in[i];
    }
    MPI_Finalize();
    return 0;
}
