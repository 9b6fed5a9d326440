// DESCRIPTION: Rank 0 exposes one int array through two windows; rank 1 MPI_Puts to its element 0 through the first window in a fence epoch that ends before the second window's epoch, in which rank 2 puts to the same element.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/remote/overlap-windows-put-put-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.2.1 allows overlapping windows but not concurrent communications to them; here the fences of the first window complete rank 1's put before the second window's epoch opens (§11.5.1), so the puts are ordered.
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
    if (rank == 1)
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win_a); // @put_a
    MPI_Win_fence(0, win_a);
    MPI_Win_fence(0, win_b);
    if (rank == 2)
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win_b); // @put_b
    MPI_Win_fence(0, win_b);

    MPI_Win_free(&win_b);
    MPI_Win_free(&win_a);
    MPI_Finalize();
    return rank == 0 && memory[0] != 2;
}
