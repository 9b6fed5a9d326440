// DESCRIPTION: Two ranks exchange values with MPI_Ssend and MPI_Recv, rank 0 sending first and rank 1 receiving first.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match/ssend-cycle-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int peer = 1 - rank;
    int out = rank + 1;
    int in = 0;
    if (rank == 0) {
        MPI_Ssend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);                // @ssend
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    } else {
        MPI_Recv(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
    }

    int failed = in != peer + 1;
    MPI_Finalize();
    return failed;
}
