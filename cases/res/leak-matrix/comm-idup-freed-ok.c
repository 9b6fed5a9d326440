// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a duplicate of MPI_COMM_WORLD with the nonblocking MPI_Comm_idup, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-idup-leak-nok
// REQUIRES: mpi-3
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm comm;
    MPI_Request req;
    MPI_Comm_idup(MPI_COMM_WORLD, &comm, &req); // @create
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
