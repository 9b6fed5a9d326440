// GENERATED: cases/gen/rma_hb_order.cpp
// DESCRIPTION: Rank 0 puts to window[0] of rank 1 and rank 2 issues an MPI_Put on it in PSCW access epochs to rank 1; rank 1 exposes its window to rank 0 first and to rank 2 in a second exposure epoch after MPI_Win_wait.
// NPROCS: 4
// EXPECT: ok
// TWIN: rma/hb-order/put-pscw-one-exposure-nok
// NOTE: MPI-3.1 11.5.2: MPI_Win_wait returns after every origin of the group completed its accesses, and an access epoch of MPI_Win_start accesses the target only after its matching MPI_Win_post; accesses of one exposure epoch are concurrent.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int *window, value = 1, result = 0, token = 7, sum = 0;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
    for (int i = 0; i < 4; i++)
        window[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */
    MPI_Group world_group, first, second, both, target;
    int first_rank = 0, second_rank = 2, both_ranks[2] = {0, 2}, target_rank = 1;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 1, &first_rank, &first);
    MPI_Group_incl(world_group, 1, &second_rank, &second);
    MPI_Group_incl(world_group, 2, both_ranks, &both);
    MPI_Group_incl(world_group, 1, &target_rank, &target);
    if (rank == 0) {
        MPI_Win_start(target, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-a
        MPI_Win_complete(win);
    } else if (rank == 1) {
        MPI_Win_post(first, 0, win);
        MPI_Win_wait(win);
        MPI_Win_post(second, 0, win);
        MPI_Win_wait(win);
    } else if (rank == 2) {
        MPI_Win_start(target, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); // @op-b
        MPI_Win_complete(win);
    }
    MPI_Group_free(&first);
    MPI_Group_free(&second);
    MPI_Group_free(&both);
    MPI_Group_free(&target);
    MPI_Group_free(&world_group);
    MPI_Win_free(&win);
    (void)result;
    errors += token != 7 || sum < 0; /* what the ranks received is read */

    MPI_Finalize();
    return errors != 0;
}
