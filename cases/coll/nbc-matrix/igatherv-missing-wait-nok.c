// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks start MPI_Igatherv and finalize without completing the request.
// NPROCS: 2
// EXPECT: error coll.request.missing-completion
// EXPECT-AT: call
// TWIN: coll/arg-matrix/igatherv-ok
// NOTE: MPI-3.1 §5.12: a nonblocking collective must be completed with a wait or test call. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    int counts[2] = {2, 2};
    int displs[2] = {0, 2};
    /* The request is never completed. */
    MPI_Igatherv(sendbuf, 2, MPI_INT, recvbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req); // @call

    MPI_Finalize();
    return 0;
}
