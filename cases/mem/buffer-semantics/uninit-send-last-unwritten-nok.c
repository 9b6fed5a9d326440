// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints, writes only the first N - 1 of them, and sends all N with MPI_Send.
// NPROCS: 2
// EXPECT: error mem.send.uninitialized
// EXPECT-AT: send
// TWIN: mem/buffer-semantics/uninit-send-last-unwritten-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: Not a rule of the MPI standard but of C: malloc'd memory has indeterminate values (C11 §7.22.3.4), and the program transmits them and computes with them on rank 1.
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
        for (int i = 0; i < N - 1; i++)
            values[i] = 10 + i;
        MPI_Send(values, N, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
        free(values);
    } else if (rank == 1) {
        int in[N];
        MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
