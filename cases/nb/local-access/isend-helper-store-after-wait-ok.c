// DESCRIPTION: Rank 0 calls a separate (noinline) function that scales the buffer of an MPI_Isend after MPI_Wait completed the send.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.2: the send buffer of a nonblocking send must not be modified until the send completes (MPI_Wait). The store is in another function.
#include <mpi.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

__attribute__((noinline)) static void scale(double *v, int n, double by)
{
    for (int i = 0; i < n; i++)
        v[i] *= by; // @store
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double v[8];
    for (int i = 0; i < 8; i++)
        v[i] = i;
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(v, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req); // @isend
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        scale(v, 8, 2.0);
    } else if (rank == 1) {
        MPI_Recv(v, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 8; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
