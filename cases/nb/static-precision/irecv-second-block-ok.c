// DESCRIPTION: Rank 1 receives into one malloc'd block with MPI_Irecv and fills a second, distinct block while the receive is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-same-block-nok
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double *incoming = malloc(4 * sizeof(double));
    double *scratch = malloc(4 * sizeof(double));
    int failed = 0;
    for (int i = 0; i < 4; i++)
        incoming[i] = i;
    if (rank == 0) {
        MPI_Send(incoming, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(incoming, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request);
        scratch[0] = 1.0;
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= incoming[i] != i;
        failed |= scratch[0] != 1.0;
    }
    free(scratch);
    free(incoming);
    MPI_Finalize();
    return failed;
}
