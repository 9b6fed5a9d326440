// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Recv on MPI_ANY_SOURCE into two statuses, makes other MPI calls (a barrier, a reduction), and only then places the values by the statuses' MPI_SOURCE.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, got[2] = {0, 0}, value[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Status status[2];
    if (rank == 0) {
        for (int k = 0; k < 2; k++)
            MPI_Recv(&value[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status[k]);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int total = 0;
    MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        for (int k = 0; k < 2; k++)
            got[status[k].MPI_SOURCE - 1] = value[k];
    MPI_Finalize();
    return rank == 0 && (got[0] != 1 || got[1] != 2 || total != 3 || size != 3);
}
