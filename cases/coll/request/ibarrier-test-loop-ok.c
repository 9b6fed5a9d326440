// DESCRIPTION: Both ranks start an MPI_Ibarrier and poll its request with MPI_Test until it completes.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/request/ibarrier-request-free-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Request request;
    int done = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &request); // @ibarrier
    while (!done)
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
