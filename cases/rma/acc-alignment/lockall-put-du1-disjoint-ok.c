// GENERATED: cases/gen/rma_atomicity.cpp
// DESCRIPTION: Rank 0 issues MPI_Put and rank 2 MPI_Put on one int of rank 1's window in one lockall epoch; with disp_unit 1 they target bytes [4, 8) and [8, 12).
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/acc-alignment/lockall-put-du1-overlap-nok
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
    MPI_Win_create(window, sizeof window, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int value[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    unsigned int uvalue[8] = {1u, 1u, 1u, 1u, 1u, 1u, 1u, 1u};
    int result[8], compare = 0;

    MPI_Win_lock_all(0, win);
    if (rank == 0) {
        MPI_Put(value, 1, MPI_INT, 1, 4, 1, MPI_INT, win); // @op-a
    } else if (rank == 2) {
        MPI_Put(value, 1, MPI_INT, 1, 8, 1, MPI_INT, win); // @op-b
    }
    MPI_Win_unlock_all(win);

    MPI_Win_free(&win);
    (void)uvalue; (void)result; (void)compare;

    MPI_Finalize();
    return errors != 0;
}
