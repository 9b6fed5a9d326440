// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a duplicate of MPI_COMM_WORLD with MPI_Comm_dup, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-dup-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm); // @create
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
