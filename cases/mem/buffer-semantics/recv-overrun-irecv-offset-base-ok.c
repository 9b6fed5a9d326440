// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints and receives a message of N - 1 ints into them with MPI_Irecv at in + 1 with a count of N - 1, which ends at the end of the allocation.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/recv-overrun-irecv-offset-base-nok
#include <mpi.h>
#include <stdlib.h>

enum { N = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int *in = malloc(N * sizeof *in);
        MPI_Request req;
        MPI_Irecv(in + 1, N - 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < N - 1; i++)
            errors += in[1 + i] != 10 + i;
        free(in);
    } else if (rank == 1) {
        int out[N - 1];
        for (int i = 0; i < N - 1; i++)
            out[i] = 10 + i;
        MPI_Send(out, N - 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
