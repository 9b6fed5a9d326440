// DESCRIPTION: A non-periodic shift with MPI_Sendrecv: each rank sends its edge value to the right and receives its left neighbour's; the last rank, whose right neighbour is MPI_PROC_NULL, leaves its edge unwritten and sends nothing.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/proc-null/shift-periodic-edge-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int edge, ghost = -1;
    if (rank + 1 < size)
        edge = 10 + rank;
    MPI_Sendrecv(&edge, 1, MPI_INT, right, 0, &ghost, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    volatile int seen = ghost; // read
    (void)seen;
    int errors = rank == 1 && ghost != 10;
    MPI_Finalize();
    return errors;
}
