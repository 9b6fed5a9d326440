// DESCRIPTION: Rank 0 sends a vector datatype (4 blocks of one int, stride 3) whose holes were never written; only the blocks are part of the message.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-types/vector-block-unwritten-nok
// NOTE: MPI-3.1 §4.1: a send reads the bytes of its type map (count x the datatype's blocks); the holes between blocks are not sent.
#include <mpi.h>
#include <stdlib.h>

enum { N = 4 };

static volatile int sink; /* the last block is loaded here: read, nothing decided on it */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype strided;
    MPI_Type_vector(N, 1, 3, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    int errors = 0;
    if (rank == 0) {
        int *buf = malloc(3 * N * sizeof *buf); /* holes stay unwritten */
        for (int i = 0; i < N; i++) buf[3 * i] = i + 1;
        MPI_Send(buf, 1, strided, 1, 0, MPI_COMM_WORLD); // @send
        free(buf);
    } else if (rank == 1) {
        int in[N];
        MPI_Recv(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < N - 1; i++)
            errors += in[i] != i + 1;
        sink = in[N - 1];
    }
    MPI_Type_free(&strided);
    MPI_Finalize();
    return errors != 0;
}
