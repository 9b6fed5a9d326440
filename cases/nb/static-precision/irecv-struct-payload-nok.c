// DESCRIPTION: Rank 1 receives into the payload field of a struct with MPI_Irecv and writes the payload's second element while the receive is pending.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv store
// TWIN: nb/static-precision/irecv-struct-header-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

struct message {
    int header;
    int payload[2];
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct message m = {0, {4, 5}};
    if (rank == 0) {
        MPI_Send(m.payload, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        m.payload[0] = m.payload[1] = 0;
        MPI_Irecv(m.payload, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); // @irecv
        m.payload[1] = 2;                                                 // @store
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        sink = m.payload[0];
        sink = m.payload[1];
    }
    MPI_Finalize();
    return 0;
}
