// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a one-dimensional Cartesian communicator with MPI_Cart_create, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/cart-create-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). Natively completes with Open MPI and MPICH.
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

    MPI_Finalize();
    return 0;
}
