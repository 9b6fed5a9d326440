// DESCRIPTION: A periodic shift with MPI_Sendrecv: each rank sends its edge value to the right and receives its left neighbour's; a rank with no right neighbour inside the domain leaves its edge unwritten, but on the periodic ring the last rank still sends it to rank 0.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: shift
// TWIN: mem/proc-null/shift-open-edge-unwritten-ok
// NOTE: The edge is written only where rank + 1 < size; the right neighbour of the last rank is rank 0 on the ring, so an unwritten int is sent.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int edge, ghost = -1;
    if (rank + 1 < size)
        edge = 10 + rank;
    MPI_Sendrecv(&edge, 1, MPI_INT, right, 0, &ghost, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @shift
    volatile int seen = ghost; // read
    (void)seen;
    int errors = rank == 1 && ghost != 10;
    MPI_Finalize();
    return errors;
}
