// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 passes MPI_INT and rank 1 MPI_FLOAT to MPI_Alltoall: the type signatures differ although the sizes agree.
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: call
// TWIN: coll/arg-matrix/alltoall-ok
// NOTE: MPI-3.1 §5.8: the type signatures must match. Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};

    MPI_Datatype type = (rank == 0) ? MPI_INT : MPI_FLOAT; /* same size, other type */
    MPI_Alltoall(sendbuf, 2, type, recvbuf, 2, type, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
