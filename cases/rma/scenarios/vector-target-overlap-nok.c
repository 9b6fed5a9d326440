// DESCRIPTION: In one fence epoch rank 0 puts into the even elements 0, 2, 4, 6 of rank 1's window through a strided datatype and rank 2 puts two contiguous ints at 4..5; element 4 is written by both.
// NPROCS: 3
// EXPECT: error rma.remote.conflict
// EXPECT-AT: rank0 rank2
// TWIN: rma/scenarios/vector-target-overlap-ok
// NOTE: MPI-3.1 11.3: the target buffer of a put with a derived target datatype consists of the elements the datatype selects; only those can conflict.
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
        MPI_Put(values, 2, MPI_INT, 1, 4, 2, MPI_INT, win);  // @rank2
    MPI_Win_fence(0, win);

    MPI_Type_free(&every_other);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
