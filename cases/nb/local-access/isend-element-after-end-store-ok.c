// DESCRIPTION: Rank 0 sends the first 4 of 5 ints with MPI_Isend and, before MPI_Wait, stores to the 5th, just after the send buffer.
// NPROCS: 2
// EXPECT: ok
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
        v[4] = 0; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
