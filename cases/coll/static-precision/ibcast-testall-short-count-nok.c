// DESCRIPTION: Every rank starts two MPI_Ibcast into a request array but polls only the first (count 1) with MPI_Testall; the second is never completed.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: second
// TWIN: coll/static-precision/ibcast-testall-loop-ok
// NOTE: MPI-3.1 §5.12: a nonblocking collective's request must be completed with a wait or test.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int a = rank == 0 ? 5 : 0, b = rank == 0 ? 6 : 0, done = 0;
    MPI_Request requests[2];
    MPI_Ibcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Ibcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD, &requests[1]); // @second
    while (!done)
        MPI_Testall(1, requests, &done, MPI_STATUSES_IGNORE);
    MPI_Finalize();
    return 0;
}
