// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 receives N ints and receives the next message into the same buffer without reading the first (MPI_Irecv).
// NPROCS: 2
// EXPECT: error mem.recv.unused
// EXPECT-AT: recv reuse
// TWIN: mem/buffer-semantics/unused-irecv-received-twice-read-ok
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
        MPI_Request req;
        MPI_Irecv(in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Irecv(in, N, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @reuse
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[i] != 20 + i;
    } else if (rank == 1) {
        int out[N];
        for (int i = 0; i < N; i++)
            out[i] = 10 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
        for (int i = 0; i < N; i++)
            out[i] = 20 + i;
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
