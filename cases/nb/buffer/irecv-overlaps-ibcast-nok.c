// DESCRIPTION: Rank 1 posts an MPI_Irecv into buf[0..4) and, while it is pending, an MPI_Ibcast into buf[2..6): both pending operations write buf[2..4).
// NPROCS: 2
// EXPECT: error nb.buffer.overlap
// EXPECT-AT: irecv ibcast
// TWIN: nb/buffer/irecv-disjoint-ibcast-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §3.7.2 and §5.12: the buffer of a pending operation must not be written by anything else until it completes; which of the two writes lands last is undefined.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf[8] = {0}, source[4] = {1, 2, 3, 4};
    MPI_Request requests[2];
    if (rank == 0) {
        MPI_Ibcast(source, 4, MPI_INT, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Isend(source, 4, MPI_INT, 1, 9, MPI_COMM_WORLD, &requests[1]);
    } else {
        MPI_Irecv(buf, 4, MPI_INT, 0, 9, MPI_COMM_WORLD, &requests[1]);     // @irecv
        MPI_Ibcast(buf + 2, 4, MPI_INT, 0, MPI_COMM_WORLD, &requests[0]);   // @ibcast
    }
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 8; i++)
        sink = buf[i];

    MPI_Finalize();
    return 0;
}
