// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: All ranks create a one-dimensional Cartesian grid over MPI_COMM_WORLD of size processes.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/arg-invalid/cart-too-many-processes-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[1] = {size}, periods[1] = {0};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring); // @call
    if (ring != MPI_COMM_NULL)
        MPI_Comm_free(&ring);

    MPI_Finalize();
    return errors != 0;
}
