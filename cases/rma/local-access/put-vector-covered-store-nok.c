// DESCRIPTION: Rank 0 puts every other int of an array with a vector datatype (fence epoch) and, before the closing fence, stores to an int the vector covers.
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: put store
// TWIN: rma/local-access/put-vector-hole-store-ok
// NOTE: MPI-3.1 §11.3.1 and §4.1: the origin buffer is the bytes the datatype's type map covers; the holes of a vector are not part of it.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int *window = calloc(4, sizeof *window);
    MPI_Win win;
    MPI_Win_create(window, 4 * sizeof *window, sizeof *window, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Datatype every_other;
    MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int *values = malloc(8 * sizeof *values);
    for (int i = 0; i < 8; i++)
        values[i] = i;

    MPI_Win_fence(0, win);
    if (rank == 0) {
        MPI_Put(values, 1, every_other, 1, 0, 4, MPI_INT, win); // @put
        values[4] = -1; // @store
    }
    MPI_Win_fence(0, win);

    MPI_Type_free(&every_other);
    MPI_Win_free(&win);
    free(values);
    free(window);
    MPI_Finalize();
    return 0;
}
