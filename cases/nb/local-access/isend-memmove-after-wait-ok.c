// DESCRIPTION: Rank 0 shifts the buffer of an MPI_Isend with memmove() after MPI_Wait completed the send.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <string.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int v[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(v, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @isend
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        memmove(v, v + 1, 7 * sizeof *v); // @shift
    } else if (rank == 1) {
        MPI_Recv(v, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 8; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
