// DESCRIPTION: Each of 3 ranks posts an MPI_Irecv from its left neighbour and an MPI_Issend to its right one, then waits for both with MPI_Waitall.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int in = -1, out = rank;
    MPI_Request reqs[2];
    MPI_Irecv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Issend(&out, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    const int failed = in != left;
    MPI_Finalize();
    return failed;
}
