// DESCRIPTION: Rank 1 receives into a malloc'd block with MPI_Irecv and stores into that same block while the receive is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv store
// TWIN: nb/static-precision/irecv-second-block-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>
#include <stdlib.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double *incoming = malloc(4 * sizeof(double));
    double *scratch = malloc(4 * sizeof(double));
    for (int i = 0; i < 4; i++)
        incoming[i] = i;
    if (rank == 0) {
        MPI_Send(incoming, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(incoming, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        incoming[0] = 1.0;                                                  // @store
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = incoming[i];
    }
    free(scratch);
    free(incoming);
    MPI_Finalize();
    return 0;
}
