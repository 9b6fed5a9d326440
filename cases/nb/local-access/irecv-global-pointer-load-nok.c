// DESCRIPTION: Rank 1 keeps the buffer of its pending MPI_Irecv in a global pointer, and a separate (noinline) function reads through that global before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/local-access/irecv-global-pointer-load-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes, whatever pointer the access goes through.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

static int *incoming; /* the receive buffer, reached through this global */

__attribute__((noinline)) static int peek(void)
{
    return incoming[2]; // @load
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    incoming = calloc(4, sizeof *incoming);
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            incoming[i] = i;
        MPI_Send(incoming, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(incoming, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        int third = peek();
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = incoming[i];
        printf("third %d\n", third);
    }
    free(incoming);

    MPI_Finalize();
    return 0;
}
