// DESCRIPTION: Rank 0 reads rank 1's window with MPI_Fetch_and_op(MPI_NO_OP) in a fence epoch; the origin int, which MPI_NO_OP ignores, is never written.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/rma-buffers/fetch-and-op-sum-origin-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int window[4] = {5, 0, 0, 0}; // 16 bytes, so 16-aligned on the stack (MPICH 4.0 misplaces accesses to a window based at an odd multiple of 4)
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int operand, old = -1;
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Fetch_and_op(&operand, &old, MPI_INT, 1, 0, MPI_NO_OP, win);
    MPI_Win_fence(0, win);
    int errors = rank == 0 && old != 5;
    volatile int seen = window[0]; // read
    (void)seen;
    MPI_Win_free(&win);
    MPI_Finalize();
    return errors;
}
