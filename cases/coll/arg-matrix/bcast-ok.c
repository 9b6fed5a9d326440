// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: All ranks call MPI_Bcast to broadcast 2 ints from rank 0, with matching arguments.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/bcast-root-mismatch-nok coll/arg-matrix/bcast-invalid-root-nok coll/arg-matrix/bcast-type-mismatch-nok coll/arg-matrix/bcast-datatype-null-nok coll/arg-matrix/bcast-comm-null-nok coll/order-matrix/bcast-rank0-only-nok coll/order-matrix/bcast-vs-reduce-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf[4] = {1, 2, 3, 4};

    MPI_Bcast(buf, 2, MPI_INT, 0, MPI_COMM_WORLD); // @call

    MPI_Finalize();
    return 0;
}
