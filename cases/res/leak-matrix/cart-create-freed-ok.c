// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a one-dimensional Cartesian communicator with MPI_Cart_create, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/cart-create-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int dims[1] = {2}, periods[1] = {0};
    MPI_Comm comm;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &comm); // @create
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
