// DESCRIPTION: Each rank creates a duplicate of MPI_COMM_WORLD with MPI_Comm_dup_with_info, synchronises on it, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/comm-dup-with-info-leak-nok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &comm); // @create
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);

    MPI_Finalize();
    return 0;
}
