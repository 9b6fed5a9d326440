// DESCRIPTION: Rank 1 receives 2 ints spaced 12 bytes apart (MPI_INT resized to extent 12) into a 16-byte block: both ints lie inside it, the trailing hole outside is not written.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-types/resized-recv-overrun-nok
// NOTE: MPI-3.1 §4.1: a receive writes at most count x the type map; the hole after the last int is not part of it.
#include <mpi.h>
#include <stdlib.h>

static volatile char sink; /* every byte of the block is loaded here: received data is read, nothing decided on it */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype spaced;
    MPI_Type_create_resized(MPI_INT, 0, 12, &spaced);
    MPI_Type_commit(&spaced);
    if (rank == 0) {
        int out[2] = {7, 8};
        MPI_Send(out, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        const size_t size = 16;
        char *block = malloc(size);
        MPI_Recv(block, 2, spaced, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (size_t i = 0; i < size; i++)
            sink = block[i];
        free(block);
    }
    MPI_Type_free(&spaced);
    MPI_Finalize();
    return 0;
}
