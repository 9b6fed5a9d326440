// DESCRIPTION: Both ranks start an MPI_Ibarrier and release its request with MPI_Request_free instead of completing it.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: ibarrier free
// TWIN: coll/request/ibarrier-test-loop-ok
// TAGS: crash
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.12: it is erroneous to call MPI_Request_free or MPI_Cancel on the request of a nonblocking collective, so the collective is never completed. Natively both MPIs reject the MPI_Request_free and abort.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request); // @ibarrier
    MPI_Request_free(&request);             // @free
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
