// DESCRIPTION: The window is created with info accumulate_ops=same_op; in concurrent lock_all epochs rank 1 applies MPI_Fetch_and_op with MPI_NO_OP and rank 2 MPI_Accumulate with MPI_SUM to the same int of rank 0.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: fetch_op acc
// TWIN: rma/remote/same-op-info-noop-sum-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §11.2.1: with accumulate_ops=same_op the program asserts that concurrent accumulates to one location use the same op, and MPI_NO_OP is then another op (only the default same_op_no_op admits it); §11.7.1: atomicity holds only under that assertion.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "accumulate_ops", "same_op");
    int *window_values;
    MPI_Win win;
    MPI_Win_allocate(4 * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &window_values, &win);
    MPI_Info_free(&info);
    for (int i = 0; i < 4; i++)
        window_values[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD); /* windows are initialised before any epoch */

    int one = 1, old = 0;
    MPI_Win_lock_all(0, win);
    if (rank == 1)
        MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 0, MPI_NO_OP, win);          // @fetch_op
    if (rank == 2)
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);     // @acc
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
