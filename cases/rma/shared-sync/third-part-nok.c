// DESCRIPTION: In a shared-memory window allocated with alloc_shared_noncontig, rank 1 stores to an element of rank 0's segment while rank 2 loads it, with no synchronisation between the two.
// NPROCS: 3
// EXPECT: error rma.shared.load-store-race
// EXPECT-AT: store load
// TWIN: rma/shared-sync/third-part-synced-ok
// REQUIRES: shared-memory-window
// NOTE: MPI-3.1 11.2.3 and 11.7: loads and stores of any process to any segment of a shared-memory window conflict unless synchronisation orders them; the owner of the segment (rank 0) takes no part.
#include <mpi.h>

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared(4 * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &mine, &win);
    MPI_Info_free(&info);
    int *rank0; /* the segment of rank 0, which neither rank 1 nor rank 2 owns */
    MPI_Aint size;
    int disp_unit;
    MPI_Win_shared_query(win, 0, &size, &disp_unit, &rank0);

    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    for (int i = 0; i < 4; i++)
        mine[i] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);

    if (rank == 1)
        rank0[2] = 7;  // @store
    if (rank == 2)
        sink = rank0[2];  // @load

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
