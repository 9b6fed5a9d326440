// DESCRIPTION: Two ranks compute an exclusive prefix sum (MPI_Exscan) of one int; rank 0, whose value goes to rank 1, never wrote it.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: exscan
// TWIN: mem/collective-buffers/exscan-last-rank-send-unwritten-ok
// NOTE: MPI-3.1 §5.11.2: process i receives the reduction of the send buffers of processes 0..i-1, so every send buffer but the last process's is used.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int unwritten_at = 0; // the rank that leaves its value unset
    int value, prefix = -1;
    if (rank != unwritten_at)
        value = rank + 1;
    MPI_Exscan(&value, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @exscan
    volatile int seen = prefix; // read (process 0's is not written)
    (void)seen;
    MPI_Finalize();
    return 0;
}
