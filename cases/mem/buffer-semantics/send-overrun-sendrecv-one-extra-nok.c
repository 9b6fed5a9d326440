// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 mallocs N ints and sends N + 1 ints, one more than the allocation holds with MPI_Sendrecv.
// NPROCS: 2
// EXPECT: error mem.send.overrun
// EXPECT-AT: send
// TWIN: mem/buffer-semantics/send-overrun-sendrecv-one-extra-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: MPI-3.1 §3.2.2: the send buffer is count consecutive elements of the datatype from buf, all of which must lie in the program's memory; here MPI reads past the allocation.
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
        int token;
        MPI_Sendrecv(values, N + 1, MPI_INT, 1, 0, &token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send
        errors += token != 5;
        free(values);
    } else if (rank == 1) {
        int in[16];
        MPI_Status status;
        int token = 5;
        MPI_Sendrecv(&token, 1, MPI_INT, 0, 1, in, 16, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
        int count;
        MPI_Get_count(&status, MPI_INT, &count);
        errors += count != N;
        for (int i = 0; i < count; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
