// DESCRIPTION: Rank 0 starts an MPI_Isend to rank 1 and one to MPI_PROC_NULL, and stores into the first buffer after MPI_Waitall.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/local-access/isend-then-proc-null-store-nok
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int v[4] = {1, 2, 3, 4}, edge[4] = {5, 6, 7, 8};
    if (rank == 0) {
        MPI_Request reqs[2];
        MPI_Isend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(edge, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        v[0] = -1;
    } else if (rank == 1) {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
