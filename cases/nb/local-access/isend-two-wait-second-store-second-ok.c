// DESCRIPTION: Rank 0 starts two small MPI_Isends to rank 1, completes the second with MPI_Wait and stores into the second buffer, no longer pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/local-access/isend-two-wait-second-store-first-nok
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int first[4] = {1, 2, 3, 4}, second[4] = {5, 6, 7, 8};
    if (rank == 0) {
        MPI_Request a, b;
        MPI_Isend(first, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &a);
        MPI_Isend(second, 4, MPI_INT, 1, 1, MPI_COMM_WORLD, &b);
        MPI_Wait(&b, MPI_STATUS_IGNORE);
        second[0] = -1;
        MPI_Wait(&a, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(first, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(second, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = first[i] + second[i];
    }

    MPI_Finalize();
    return 0;
}
