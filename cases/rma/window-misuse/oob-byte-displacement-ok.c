// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 passes the element index 2 as target displacement, in units of the window's displacement unit sizeof(int).
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/window-misuse/oob-byte-displacement-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[16] = {0};
    int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Win win;
    MPI_Win_create(memory, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);  // @create

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(values, 1, MPI_INT, 1, 2, 1, MPI_INT, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
