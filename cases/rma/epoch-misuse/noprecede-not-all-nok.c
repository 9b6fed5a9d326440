// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Only rank 0 asserts MPI_MODE_NOPRECEDE on the opening fence; the assertion must be given by all processes or none.
// NPROCS: 2
// EXPECT: error rma.sync.assert-violation
// EXPECT-AT: fence0 fence1
// TWIN: rma/epoch-misuse/noprecede-not-all-ok
// NOTE: MPI-3.1 11.5.5: if MPI_MODE_NOPRECEDE is given by any process in the window group, it must be given by all processes in the group. Natively both MPIs run to completion; neither checks this.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {0, 0, 0, 0};
    int value = 1;
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    if (rank == 0)
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);  // @fence0
    else
        MPI_Win_fence(0, win);  // @fence1
    if (rank == 0)
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
