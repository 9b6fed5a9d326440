// DESCRIPTION: Every rank starts an MPI_Iallreduce and hands its request to a helper that only inspects it with MPI_Request_get_status; it is never completed.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: iallreduce
// TWIN: coll/static-precision/iallreduce-wait-in-helper-ok
// NOTE: MPI-3.1 §5.12: a nonblocking collective's request must be completed with a wait or test (MPI_Request_free is not allowed, and MPI_Request_get_status does not complete it).
#include <mpi.h>

static int peek(MPI_Request *request)
{
    int flag = 0;
    MPI_Request_get_status(*request, &flag, MPI_STATUS_IGNORE);
    return flag;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int local = rank + 1, sum = 0;
    MPI_Request request;
    MPI_Iallreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request); // @iallreduce
    (void)peek(&request);
    MPI_Finalize();
    return 0;
}
