// DESCRIPTION: In one fence epoch rank 0 puts into the even elements 0, 2, 4, 6 of rank 1's window through a strided datatype and rank 2 puts into the odd elements 1, 3, 5, 7 the same way; the ranges interleave but do not intersect.
// NPROCS: 3
// EXPECT: ok
// TWIN: rma/scenarios/vector-target-overlap-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[8] = {0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Datatype every_other;
    MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int values[4] = {rank, rank, rank, rank};

    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(values, 4, MPI_INT, 1, 0, 1, every_other, win);  // @rank0
    else if (rank == 2)
        MPI_Put(values, 4, MPI_INT, 1, 1, 1, every_other, win);  // @rank2
    MPI_Win_fence(0, win);

    MPI_Type_free(&every_other);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
