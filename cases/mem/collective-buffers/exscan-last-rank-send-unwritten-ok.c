// DESCRIPTION: Two ranks compute an exclusive prefix sum (MPI_Exscan) of one int; the last rank, whose value no process receives, never wrote it.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/exscan-first-rank-send-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int unwritten_at = size - 1; // the rank that leaves its value unset
    int value, prefix = -1;
    if (rank != unwritten_at)
        value = rank + 1;
    MPI_Exscan(&value, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    volatile int seen = prefix; // read (process 0's is not written)
    (void)seen;
    MPI_Finalize();
    return 0;
}
