// GENERATED: cases/gen/rma_atomicity.cpp
// DESCRIPTION: Rank 0 issues MPI_Fetch_and_op and rank 2 MPI_Fetch_and_op on one int of rank 1's window in one lockall epoch; with disp_unit sizeof(int) both target displacement 1 (bytes [4, 8)): the same element, same op.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/acc-alignment/lockall-fop-du1-misaligned-nok
// NOTE: MPI-3.1 11.7.1: accumulate-family operations to one location are atomic per element of the same predefined datatype with the same op (or MPI_NO_OP); the target datatype may be derived from one predefined type (11.3.4), and atomicity holds element by element. Other concurrent overlapping accesses are erroneous.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int window[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    unsigned int uvalue[8] = {1u, 1u, 1u, 1u, 1u, 1u, 1u, 1u};
    int result[8], compare = 0;

    MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Fetch_and_op(value, result, MPI_INT, 1, 1, MPI_SUM, win); // @op-a
    } else if (rank == 2) {
        MPI_Fetch_and_op(value, result, MPI_INT, 1, 1, MPI_SUM, win); // @op-b
    }
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    (void)uvalue; (void)result; (void)compare;

    MPI_Finalize();
    return errors != 0;
}
