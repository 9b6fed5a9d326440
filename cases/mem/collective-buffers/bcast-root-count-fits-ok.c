// DESCRIPTION: Rank 0 broadcasts 3 ints with MPI_Bcast from a buffer allocated for 3 and written in full; the other ranks receive into room for 3.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/collective-buffers/bcast-root-count-past-end-nok
#include <mpi.h>
#include <stdlib.h>

enum { N = 3, ROOM = 3 }; // ints broadcast, ints the root allocates

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        int *values = malloc(ROOM * sizeof *values);
        for (int i = 0; i < ROOM; i++)
            values[i] = 10 + i;
        MPI_Bcast(values, N, MPI_INT, 0, MPI_COMM_WORLD);
        free(values);
    } else {
        int values[N];
        MPI_Bcast(values, N, MPI_INT, 0, MPI_COMM_WORLD);
        volatile int seen = values[N - 1]; // read
        (void)seen;
        for (int i = 0; i < ROOM; i++)
            errors += values[i] != 10 + i;
    }
    MPI_Finalize();
    return errors;
}
