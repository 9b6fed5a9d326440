// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks start MPI_Ibarrier and finalize without completing the request.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: call
// TWIN: coll/arg-matrix/ibarrier-ok
// NOTE: MPI-3.1 §5.12: a nonblocking collective must be completed with a wait or test call. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req;

    /* The request is never completed. */
    MPI_Ibarrier(MPI_COMM_WORLD, &req); // @call

    MPI_Finalize();
    return 0;
}
