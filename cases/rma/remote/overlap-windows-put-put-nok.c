// DESCRIPTION: Rank 0 exposes one int array through two windows; in fence epochs of both windows that are open at once, ranks 1 and 2 MPI_Put to its element 0, one through each window.
// NPROCS: 3
// EXPECT: error rma.remote.conflict
// EXPECT-AT: put_a put_b
// TWIN: rma/remote/overlap-windows-put-put-ordered-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.2.1: concurrent communications to distinct, overlapping windows may lead to undefined results; §11.7.1: two puts to one location in one epoch conflict. The puts run on ranks 1 and 2.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int memory[4] = {0, 0, 0, 0}, value = rank;
    MPI_Aint size = rank == 0 ? (MPI_Aint)sizeof memory : 0;
    MPI_Win win_a, win_b;
    MPI_Win_create(memory, size, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win_a);
    MPI_Win_create(memory, size, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win_b); /* the same memory */

    MPI_Win_fence(0, win_a);
    MPI_Win_fence(0, win_b);
    if (rank == 1)
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win_a); // @put_a
    if (rank == 2)
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win_b); // @put_b
    MPI_Win_fence(0, win_a);
    MPI_Win_fence(0, win_b);

    MPI_Win_free(&win_b);
    MPI_Win_free(&win_a);
    MPI_Finalize();
    return 0;
}
