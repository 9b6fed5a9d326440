// DESCRIPTION: Rank 0 sends then receives, rank 1 receives then sends: the exchange needs no buffering.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank, out = rank + 1, in = 0;
    if (rank == 0) {
        MPI_Send(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
    }
    const int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
