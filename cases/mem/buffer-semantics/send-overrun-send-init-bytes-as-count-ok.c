// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints and sends exactly those N ints with a persistent MPI_Send_init request.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/send-overrun-send-init-bytes-as-count-nok
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
        int *values = malloc(N * sizeof *values);
        for (int i = 0; i < N; i++)
            values[i] = 10 + i;
        MPI_Request req;
        MPI_Send_init(values, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req); // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
        free(values);
    } else if (rank == 1) {
        int in[16];
        MPI_Status status;
        MPI_Recv(in, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        errors += count != N;
        for (int i = 0; i < count; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
