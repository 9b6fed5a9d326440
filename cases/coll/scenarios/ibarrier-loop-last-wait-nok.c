// DESCRIPTION: A loop starts an MPI_Ibarrier per iteration into the same request variable and waits only after the loop, so all but the last request are never completed.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: ibarrier
// TWIN: coll/scenarios/ibarrier-loop-wait-ok
// NOTE: MPI-3.1 §5.12: every nonblocking collective must be completed; overwriting the handle loses the earlier requests. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req;
    for (int step = 0; step < 3; ++step) {
        MPI_Ibarrier(MPI_COMM_WORLD, &req); // @ibarrier
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
