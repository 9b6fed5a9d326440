// GENERATED: cases/gen/rma_atomicity.cpp
// DESCRIPTION: Rank 0 issues MPI_Compare_and_swap and rank 2 MPI_Compare_and_swap on one int of rank 1's window in one fence epoch; with disp_unit 1 they target bytes [4, 8) and [5, 9): the overlap lies on different element boundaries, so element-wise atomicity does not hold.
// NPROCS: 3
// EXPECT: error rma.remote.atomicity
// EXPECT-AT: op-a op-b
// TWIN: rma/acc-alignment/fence-cas-du1-aligned-ok rma/acc-alignment/fence-cas-du4-aligned-ok
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

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Compare_and_swap(value, &compare, result, MPI_INT, 1, 4, win); // @op-a
    } else if (rank == 2) {
        MPI_Compare_and_swap(value, &compare, result, MPI_INT, 1, 5, win); // @op-b
    }
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    (void)uvalue; (void)result; (void)compare;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
