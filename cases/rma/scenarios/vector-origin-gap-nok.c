// DESCRIPTION: Rank 0 gets four ints into the even elements of `buffer` through a strided origin datatype and, before the closing fence, stores to buffer[4], one of the elements the get writes.
// NPROCS: 2
// EXPECT: error rma.local.origin-access-during-get
// EXPECT-AT: get store
// TWIN: rma/scenarios/vector-origin-gap-ok
// NOTE: MPI-3.1 11.3: the origin buffer of a get with a derived origin datatype consists of the elements the datatype selects.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[4] = {1, 2, 3, 4};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Datatype every_other;
    MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int buffer[8] = {0};

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Get(buffer, 1, every_other, 1, 0, 4, MPI_INT, win);  // @get
        buffer[4] = -1;  // @store
    }
    MPI_Win_fence(0, win);

    MPI_Type_free(&every_other);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
