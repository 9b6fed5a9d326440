// DESCRIPTION: Rank 1 posts an MPI_Irecv into buf[0..4) and, while it is pending, an MPI_Ibcast into buf[4..8): the buffers are disjoint.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer/irecv-overlaps-ibcast-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

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
        MPI_Ibcast(buf + 4, 4, MPI_INT, 0, MPI_COMM_WORLD, &requests[0]);   // @ibcast
    }
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    int sum = 0;
    for (int i = 0; i < 8; i++)
        sum += buf[i];

    MPI_Finalize();
    return rank == 1 && sum != 20; /* 1+2+3+4 received twice */
}
