// DESCRIPTION: Ranks 1 and 2 each send their rank to rank 0, which receives them with MPI_Recv from rank 1, then from rank 2.
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
            MPI_Recv(&got[k], 1, MPI_INT, k + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = rank == 0 && (got[0] != 1 || got[1] != 2);
    MPI_Finalize();
    return failed;
}
