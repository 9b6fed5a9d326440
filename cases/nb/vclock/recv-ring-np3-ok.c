// DESCRIPTION: A token goes round 3 ranks: rank 0 sends to its right neighbour first, the others receive from their left one before sending on, and rank 0 receives last.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, in = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    if (rank == 0) {
        MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    const int failed = in != left;
    MPI_Finalize();
    return failed;
}
