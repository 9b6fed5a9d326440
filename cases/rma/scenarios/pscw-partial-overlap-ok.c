// DESCRIPTION: Rank 1 exposes eight ints to ranks 0 and 2 in one PSCW epoch; rank 0 puts four ints at 0..3 and rank 2 three ints at 4..6, adjacent but disjoint ranges.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/scenarios/pscw-partial-overlap-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[8] = {0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world_group, peers;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int origins[2] = {0, 2}, target = 1;

    if (rank == 1) {
        MPI_Group_incl(world_group, 2, origins, &peers);
        MPI_Win_post(peers, 0, win);
        MPI_Win_wait(win);
    } else {
        int values[4] = {rank, rank, rank, rank};
        int first = rank == 0 ? 0 : 4, count = rank == 0 ? 4 : 3;
        MPI_Group_incl(world_group, 1, &target, &peers);
        MPI_Win_start(peers, 0, win);
        MPI_Put(values, count, MPI_INT, 1, first, count, MPI_INT, win);  // @put
        MPI_Win_complete(win);
    }

    MPI_Group_free(&peers);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
