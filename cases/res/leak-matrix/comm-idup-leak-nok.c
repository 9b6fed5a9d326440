// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a duplicate of MPI_COMM_WORLD with the nonblocking MPI_Comm_idup, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.communicator
// EXPECT-AT: create
// TWIN: res/leak-matrix/comm-idup-freed-ok
// REQUIRES: mpi-3
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a communicator created and never freed as a resource leak (MBI: CommunicatorLeak). Natively completes with Open MPI and MPICH.
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

    MPI_Finalize();
    return 0;
}
