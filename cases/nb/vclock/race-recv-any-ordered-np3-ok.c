// DESCRIPTION: Rank 0 takes rank 1's message with MPI_Recv on MPI_ANY_SOURCE, then tells rank 2 to send, and takes rank 2's message on MPI_ANY_SOURCE: the second send happens after the first receive, so each wildcard receive has one possible sender.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&got[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
        MPI_Recv(&got[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        if (rank == 2) MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = (rank == 0 && (got[0] != 1 || got[1] != 2)) || (rank == 2 && go != 1);
    MPI_Finalize();
    return failed;
}
