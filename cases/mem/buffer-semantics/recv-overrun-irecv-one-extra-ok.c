// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints and receives a message of N ints into them with MPI_Irecv with a count of N.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/recv-overrun-irecv-one-extra-nok
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
        MPI_Irecv(in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
        free(in);
    } else if (rank == 1) {
        int out[N];
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
