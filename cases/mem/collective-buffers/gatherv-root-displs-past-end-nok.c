// DESCRIPTION: Rank 0 gathers 2 ints from each rank with MPI_Gatherv at displacements 0 and 3 (a gap of one int) into a buffer allocated for 4 ints; the second block ends past it. Rank 1 passes NULL for the arguments only the root uses.
// NPROCS: 2
// EXPECT: error mem.recv.overrun
// EXPECT-AT: gatherv
// TWIN: mem/collective-buffers/gatherv-root-displs-fits-ok
// NOTE: MPI-3.1 §5.5: block i is received at displs[i] x extent(recvtype), recvcounts[i] elements; block 1 spans ints 3 and 4. The last int lands past the 16-byte allocation, within malloc's slack natively.
#include <mpi.h>
#include <stdlib.h>

enum { ROOM = 4 }; // ints the root allocates

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine[2] = {10 * rank, 10 * rank + 1};
    int errors = 0;
    if (rank == 0) {
        const int counts[2] = {2, 2}, displs[2] = {0, 3};
        int *all = malloc(ROOM * sizeof *all);
        MPI_Gatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD); // @gatherv
        for (int i = 0; i < ROOM; i++)
            if (i != 2) // the gap
                errors += all[i] != (i < 2 ? i : 10 + i - 3);
        free(all);
    } else {
        MPI_Gatherv(mine, 2, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errors;
}
