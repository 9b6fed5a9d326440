// DESCRIPTION: Both ranks exchange 1 MiB with MPI_Isend, then MPI_Recv, then MPI_Wait: the send does not block, so the exchange completes whatever the buffering.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdlib.h>

enum { N = 1 << 18 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    int *out = calloc(N, sizeof *out), *in = calloc(N, sizeof *in);
    out[N - 1] = rank;
    MPI_Request req;
    MPI_Isend(out, N, MPI_INT, peer, 0, MPI_COMM_WORLD, &req);
    MPI_Recv(in, N, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    int bad = in[N - 1] != peer;
    for (int i = 0; i < N - 1; i++) bad |= in[i] != 0; /* every received int is read */
    free(out);
    free(in);
    MPI_Finalize();
    return bad;
}
