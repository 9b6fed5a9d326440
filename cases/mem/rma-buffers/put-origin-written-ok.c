// DESCRIPTION: Rank 0 puts 2 ints into rank 1's window in a fence epoch; it wrote both.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/rma-buffers/put-origin-unwritten-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int window[4] = {0, 0, 0, 0}; // 16 bytes, so 16-aligned on the stack (MPICH 4.0 misplaces accesses to a window based at an odd multiple of 4)
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    const int written = 2; // ints of the origin buffer written
    int origin[2];
    for (int i = 0; i < written; i++)
        origin[i] = 10 + i;
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(origin, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    volatile int seen = window[1]; // read
    (void)seen;
    int errors = rank == 1 && window[0] != 10;
    MPI_Win_free(&win);
    MPI_Finalize();
    return errors;
}
