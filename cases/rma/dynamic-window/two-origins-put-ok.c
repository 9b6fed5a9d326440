// DESCRIPTION: Rank 0 attaches 4 ints to a dynamic window and broadcasts their address; in concurrent lock_all epochs ranks 1 and 2 MPI_Put to two different attached ints.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/dynamic-window/two-origins-put-nok
// REQUIRES: dynamic-window
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[4] = {0, 0, 0, 0}, value = rank;
    MPI_Aint address = 0;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_attach(win, memory, sizeof memory);
        MPI_Get_address(memory, &address);
    }
    MPI_Bcast(&address, 1, MPI_AINT, 0, MPI_COMM_WORLD); /* rank 0's address */

    MPI_Win_lock_all(0, win);
    if (rank == 1)
        MPI_Put(&value, 1, MPI_INT, 0, address, 1, MPI_INT, win);                              // @put_a
    if (rank == 2)
        MPI_Put(&value, 1, MPI_INT, 0, MPI_Aint_add(address, sizeof(int)), 1, MPI_INT, win);   // @put_b
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0)
        MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
