// DESCRIPTION: Rank 1 clears a malloc'd receive buffer with memset while its MPI_Irecv into it is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv clear
// TWIN: nb/static-precision/irecv-memset-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static volatile char sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *text = malloc(16);
    memset(text, 'a', 16);
    if (rank == 0) {
        MPI_Send(text, 16, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(text, 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        memset(text, 0, 16);                                           // @clear
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 16; i++)
            sink = text[i];
    }
    free(text);
    MPI_Finalize();
    return 0;
}
