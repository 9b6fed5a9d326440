// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: All ranks split MPI_COMM_WORLD, passing -2 as color: a color must be non-negative or MPI_UNDEFINED.
// NPROCS: 2
// EXPECT: error res.arg.invalid
// EXPECT-AT: call
// TWIN: res/arg-invalid/split-negative-color-ok
// TIMEOUT: 10
// TAGS: crash
// NOTE: MPI-3.1 6.4.2 and 7.5.1: the color of MPI_Comm_split is non-negative or MPI_UNDEFINED; the grid of MPI_Cart_create has at most as many processes as the communicator. MPI raises the error on the communicator, whose default handler aborts.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, -2, rank, &half); // @call
    MPI_Comm_free(&half);

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
