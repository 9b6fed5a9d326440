// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: All ranks create a one-dimensional Cartesian grid over MPI_COMM_WORLD of size + 1 processes: the grid needs more processes than the communicator has.
// NPROCS: 2
// EXPECT: error res.arg.invalid
// EXPECT-AT: call
// TWIN: res/arg-invalid/cart-too-many-processes-ok
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

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[1] = {size + 1}, periods[1] = {0};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring); // @call
    if (ring != MPI_COMM_NULL)
        MPI_Comm_free(&ring);

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
