// DESCRIPTION: Rank 0 broadcasts 3 ints with MPI_Bcast from a buffer allocated for 2; the other ranks receive into room for 3.
// NPROCS: 2
// EXPECT: error mem.send.overrun
// EXPECT-AT: bcast
// TWIN: mem/collective-buffers/bcast-root-count-fits-ok
// NOTE: MPI-3.1 §5.4: the root sends count elements from its buffer; the third int is read past the 8-byte allocation (within malloc's slack natively).
#include <mpi.h>
#include <stdlib.h>

enum { N = 3, ROOM = 2 }; // ints broadcast, ints the root allocates

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
        MPI_Bcast(values, N, MPI_INT, 0, MPI_COMM_WORLD); // @bcast
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
