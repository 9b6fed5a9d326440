// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 receives N ints with MPI_Sendrecv and stores into in[0] only after reading the received values.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/wbr-sendrecv-store-one-nok
#include <mpi.h>

enum { N = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[N];
        int token = 5;
        MPI_Sendrecv(&token, 1, MPI_INT, 1, 1, in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        int sum = 0;
        for (int i = 0; i < N; i++)
            sum += in[i];
        in[0] = N; /* slot 0 reused as a counter */                                                      // @overwrite
        errors += sum != 10 + 11 + 12 + 13;
    } else if (rank == 1) {
        int out[N], token = 5;
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Sendrecv(out, N, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += token != 5;
    }

    MPI_Finalize();
    return errors != 0;
}
