// DESCRIPTION: Both ranks clear the buffer of its pending MPI_Isend with memset() before MPI_Waitall completes the send.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend clear
// TWIN: nb/local-access/isend-memset-after-waitall-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>
#include <string.h>

static volatile char sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    char line[32] = "halo row";
    char back[32];
    MPI_Request reqs[2];
    int peer = 1 - rank;
    MPI_Irecv(back, 32, MPI_CHAR, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(line, 32, MPI_CHAR, peer, 0, MPI_COMM_WORLD, &reqs[1]); // @isend
    memset(line, 0, sizeof line); // @clear
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 32; i++)
        sink = back[i];

    MPI_Finalize();
    return 0;
}
