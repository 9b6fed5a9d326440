// DESCRIPTION: Each rank starts an MPI_Iallreduce from in into out and, while it is pending, an MPI_Isend of in to the other rank: both pending operations only read in.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer/isend-iallreduce-result-nok
// ORIGIN: NBC buffer footprints in pmpi, 2026-11-29
// NOTE: MPI-3.1 §5.12 forbids modifying the buffers of a pending nonblocking collective; another pending operation may read its send buffer, as the twin may not read its receive buffer.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int peer = 1 - rank;

    int in[4] = {rank, rank, rank, rank}, out[4] = {0}, from_peer[4] = {0};
    MPI_Request requests[3];
    MPI_Iallreduce(in, out, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(in, 4, MPI_INT, peer, 7, MPI_COMM_WORLD, &requests[1]);
    MPI_Irecv(from_peer, 4, MPI_INT, peer, 7, MPI_COMM_WORLD, &requests[2]);
    MPI_Waitall(3, requests, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 4; i++)
        sink = out[i] + from_peer[i];

    MPI_Finalize();
    return 0;
}
