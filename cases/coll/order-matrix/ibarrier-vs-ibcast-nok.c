// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 calls MPI_Ibarrier while rank 1 calls MPI_Ibcast on the same communicator.
// NPROCS: 2
// EXPECT: error coll.order.nbc-mismatch
// EXPECT-AT: rank0 rank1
// TWIN: coll/arg-matrix/ibarrier-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: MPI-3.1 §5.13: all processes must call collective operations (blocking and nonblocking) in the same order per communicator. Natively hangs with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Request req;
    int buf[4] = {1, 2, 3, 4};

    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_WORLD, &req); // @rank0
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Ibcast(buf, 2, MPI_INT, 0, MPI_COMM_WORLD, &req); // @rank1
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return 0;
}
