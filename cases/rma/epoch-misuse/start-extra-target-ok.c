// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Rank 0 starts an access epoch to ranks 1 and 2, and both post an exposure epoch to it.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/epoch-misuse/start-extra-target-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world_group, origin_group, targets_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origin = 0, targets[2] = {1, 2};
    MPI_Group_incl(world_group, 1, &origin, &origin_group);
    MPI_Group_incl(world_group, 2, targets, &targets_group);

    if (rank == 0) {
        MPI_Win_start(targets_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&value, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    } else {
        MPI_Win_post(origin_group, 0, win);  // @post
        MPI_Win_wait(win);
    }

    MPI_Group_free(&origin_group);
    MPI_Group_free(&targets_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
