// DESCRIPTION: Rank 1 clears a malloc'd receive buffer with memset after MPI_Wait has completed its MPI_Irecv.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-memset-before-wait-nok
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *text = malloc(16);
    memset(text, 'a', 16);
    int failed = 0;
    if (rank == 0) {
        MPI_Send(text, 16, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(text, 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 16; i++)
            failed |= text[i] != 'a';
        memset(text, 0, 16);
    }
    free(text);
    MPI_Finalize();
    return failed;
}
