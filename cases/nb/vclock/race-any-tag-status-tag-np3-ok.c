// DESCRIPTION: Rank 1 sends with tag 1 and rank 2 with tag 2; rank 0 takes both with MPI_Recv on MPI_ANY_SOURCE and MPI_ANY_TAG and places each value by its status's MPI_TAG (never looking at MPI_SOURCE).
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            int value;
            MPI_Status status;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            got[status.MPI_TAG - 1] = value;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return rank == 0 && (got[0] != 1 || got[1] != 2);
}
