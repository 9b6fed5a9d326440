// GENERATED: cases/gen/rma_hidden.cpp
// DESCRIPTION: Rank 0 puts the four cells of a halo struct and stores through `edge` = &halo.cells[3] only after MPI_Win_unlock.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/hidden-race/alias-struct-member-nok
#include <mpi.h>

struct halo {
    int cells[4];
    int owner;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    struct halo halo = {{1, 2, 3, 4}, 0};
    int *edge = &halo.cells[3];
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(halo.cells, 4, MPI_INT, 1, 0, 4, MPI_INT, win);  // @op
        MPI_Win_unlock(1, win);
        *edge = 0;  // @store
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
