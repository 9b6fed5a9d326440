// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 passes MPI_SUM and rank 1 MPI_MAX to MPI_Reduce_scatter: the ranks disagree on the op.
// NPROCS: 2
// EXPECT: error coll.arg.op-mismatch
// EXPECT-AT: call
// TWIN: coll/arg-matrix/reduce-scatter-ok
// NOTE: MPI-3.1 §5.9.1: the datatype and op given for predefined operators must be the same on all processes. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Op op = (rank == 0) ? MPI_SUM : MPI_MAX;
    int counts[2] = {2, 2};
    MPI_Reduce_scatter(sendbuf, recvbuf, counts, MPI_INT, op, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
