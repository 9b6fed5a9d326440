// DESCRIPTION: Rank 1 sends with tag 1 and rank 2 with tag 2; rank 0 receives on MPI_ANY_SOURCE with tag 1, then tag 2: the tags leave each wildcard receive one possible message.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, k + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);
    }
    const int failed = rank == 0 && (got[0] != 1 || got[1] != 2);
    MPI_Finalize();
    return failed;
}
