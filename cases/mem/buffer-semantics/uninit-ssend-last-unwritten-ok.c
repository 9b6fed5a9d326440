// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints, writes all of them, and sends all N with MPI_Ssend.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/uninit-ssend-last-unwritten-nok
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
        MPI_Ssend(values, N, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
        free(values);
    } else if (rank == 1) {
        int in[N];
        MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
