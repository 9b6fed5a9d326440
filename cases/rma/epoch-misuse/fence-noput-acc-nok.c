// GENERATED: cases/gen/rma_misuse.cpp
// DESCRIPTION: Every rank opens the epoch with a fence asserting MPI_MODE_NOPUT, yet rank 0 updates rank 1's window with MPI_Accumulate.
// NPROCS: 2
// EXPECT: error rma.sync.assert-violation
// EXPECT-AT: fence op
// TWIN: rma/epoch-misuse/fence-noput-acc-ok rma/epoch-misuse/fence-noput-get-ok
// NOTE: MPI-3.1 11.5.5: an assertion is a promise about the program; a program whose assertion does not hold is erroneous. Natively both MPIs run to completion; neither checks this.
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

    MPI_Win_fence(MPI_MODE_NOPUT, win);  // @fence
    if (rank == 0)
        MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);  // @op
    MPI_Win_fence(0, win);

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
