// DESCRIPTION: Each of 4 ranks sends to its right neighbour and receives from its left one in one MPI_Sendrecv.
// NPROCS: 4
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, in = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    const int failed = in != left;
    MPI_Finalize();
    return failed;
}
