// DESCRIPTION: Rank 0 sends 3 ints spaced 8 bytes apart (MPI_INT resized to extent 8) from a 16-byte block: the third int lies outside the block.
// NPROCS: 2
// EXPECT: error mem.send.overrun
// EXPECT-AT: send
// TWIN: mem/valgrind-types/resized-send-hole-outside-ok
// NOTE: MPI-3.1 §4.1: a send reads count x the type map; count x extent (24 bytes) also spans the last hole, which is not read.
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static volatile int sink; /* received ints are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype spaced;
    MPI_Type_create_resized(MPI_INT, 0, 8, &spaced);
    MPI_Type_commit(&spaced);
    int errors = 0;
    if (rank == 0) {
        char *block = malloc(16);
        memset(block, 1, 16);
        MPI_Send(block, 3, spaced, 1, 0, MPI_COMM_WORLD); // @send
        free(block);
    } else if (rank == 1) {
        int in[3];
        MPI_Recv(in, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += in[0] != 0x01010101;
        for (int i = 1; i < 3; i++)
            sink = in[i];
    }
    MPI_Type_free(&spaced);
    MPI_Finalize();
    return errors != 0;
}
