// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Ranks 0 and 2 both start an access epoch to rank 1, but rank 1 posts its exposure epoch to rank 0 only.
// NPROCS: 3
// EXPECT: error rma.sync.pscw-group-mismatch
// EXPECT-AT: start post
// TWIN: rma/epoch-misuse/post-missing-origin-ok
// TIMEOUT: 10
// TAGS: deadlock smoke
// NOTE: MPI-3.1 11.5.2: every process in the start group must post an exposure epoch whose group contains the origin, and every process in the post group must start an access epoch to the target. Natively both MPIs hang; TIMEOUT keeps the run short.
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
    MPI_Group world_group, origins_group, target_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origins[2] = {0, 2}, target = 1;
    MPI_Group_incl(world_group, 1, origins, &origins_group);
    MPI_Group_incl(world_group, 1, &target, &target_group);

    if (rank == 1) {
        MPI_Win_post(origins_group, 0, win);  // @post
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(target_group, 0, win);  // @start
        MPI_Put(&value, 1, MPI_INT, 1, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }

    MPI_Group_free(&origins_group);
    MPI_Group_free(&target_group);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
