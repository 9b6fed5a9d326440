// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a shared-memory communicator with MPI_Comm_split_type, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-split-type-leak-nok
// REQUIRES: mpi-3
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm comm;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &comm); // @create
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
