// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 receives N ints into a malloc'd buffer and reads them before freeing it (MPI_Recv).
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/unused-recv-freed-nok
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
        MPI_Recv(in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
        free(in);                                                          // @reuse
    } else if (rank == 1) {
        int out[N];
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
