// DESCRIPTION: Rank 1 receives into a buffer reached through a struct member with MPI_Irecv and loads from it through the struct before MPI_Wait.
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/local-access/irecv-struct-field-load-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the receive buffer must not be accessed until the receive completes.
#include <mpi.h>
#include <stdlib.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

struct message {
    int length;
    int *payload;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    struct message m;
    m.length = 4;
    m.payload = calloc(4, sizeof *m.payload);
    int first = 0;
    if (rank == 0) {
        for (int i = 0; i < m.length; i++)
            m.payload[i] = i + 1;
        MPI_Send(m.payload, m.length, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(m.payload, m.length, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        first = m.payload[0]; // @load
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < m.length; i++)
            sink = m.payload[i];
    }
    (void)first;

    free(m.payload);
    MPI_Finalize();
    return 0;
}
