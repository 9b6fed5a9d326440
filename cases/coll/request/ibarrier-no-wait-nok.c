// DESCRIPTION: All four ranks start an MPI_Ibarrier and never complete it before MPI_Finalize.
// NPROCS: 4
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: ibarrier
// TWIN: coll/request/ibarrier-wait-ok
// NOTE: MPI-3.1 §5.12 and §8.7: a nonblocking collective's request must be completed (MPI_Request_free is not allowed for it) before MPI_Finalize.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request); // @ibarrier

    MPI_Finalize();
    return 0;
}
