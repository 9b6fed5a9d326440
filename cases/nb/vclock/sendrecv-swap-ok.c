// DESCRIPTION: Both ranks swap one int with MPI_Sendrecv, which needs no buffering.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank, out = rank + 1, in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    const int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
