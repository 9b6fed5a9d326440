// DESCRIPTION: Each of 3 ranks receives from its left neighbour with MPI_Recv before sending to its right one; every rank waits for a message no rank has sent yet.
// NPROCS: 3
// EXPECT: error nb.match.deadlock
// EXPECT-AT: recv
// TWIN: nb/vclock/recv-ring-np3-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §3.4: a blocking receive returns only after a matching message arrived; the three receives form a cycle.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, in = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
