// GENERATED: cases/gen/coll_matrix.cpp
// DESCRIPTION: Rank 0 passes 2 MPI_INT and rank 1 one contiguous type of 2 MPI_INT to MPI_Ialltoall: different datatypes with the same type signature match.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/arg-matrix/ialltoall-count-mismatch-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int sendbuf[4] = {1, 2, 3, 4};
    int recvbuf[4] = {0, 0, 0, 0};
    MPI_Request req;

    MPI_Datatype pair; /* two ints as one element */
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    int count = (rank == 0) ? 2 : 1;
    MPI_Datatype type = (rank == 0) ? MPI_INT : pair;
    MPI_Ialltoall(sendbuf, count, type, recvbuf, count, type, MPI_COMM_WORLD, &req); // @call
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Type_free(&pair);

    MPI_Finalize();
    return 0;
}
