// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 receives N ints and reaches MPI_Finalize without reading them (MPI_Recv).
// NPROCS: 2
// EXPECT: error mem.recv.unused
// EXPECT-AT: recv
// TWIN: mem/buffer-semantics/unused-recv-finalized-read-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: A warning class: legal MPI, but data is transferred and never used.
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
        MPI_Recv(in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    } else if (rank == 1) {
        int out[N];
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
