// DESCRIPTION: Each of 4 ranks sends to its right neighbour with MPI_Ssend before receiving from its left one; every synchronous send waits for a receive that is never posted.
// NPROCS: 4
// EXPECT: error nb.match.deadlock
// EXPECT-AT: ssend
// TWIN: nb/vclock/sendrecv-ring-np4-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.4: a synchronous send completes only once the matching receive has started.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, in = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    MPI_Ssend(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD); // @ssend
    MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
