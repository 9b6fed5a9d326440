// DESCRIPTION: Rank 0 sends the first 4 of 5 ints with MPI_Isend and, before MPI_Wait, stores to the 4th, the last element sent (off by one).
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/local-access/isend-element-after-end-store-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer (count elements from the start) must not be modified until the send completes; the element after it is not part of it.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int v[5] = {1, 2, 3, 4, 5};
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @isend
        v[3] = 0; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
