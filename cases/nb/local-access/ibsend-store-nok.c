// DESCRIPTION: Rank 0 stores into the buffer of its pending MPI_Ibsend before MPI_Wait, counting on the copy into the attached buffer.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: ibsend store
// TWIN: nb/local-access/ibsend-store-after-wait-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer of any nonblocking send, buffered mode included, must not be modified until the send completes; that MPI may already have copied it is not the program's to assume.
#include <mpi.h>
#include <stdlib.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int v[4] = {1, 2, 3, 4};
    if (rank == 0) {
        int size = 4 * (int)sizeof v + MPI_BSEND_OVERHEAD;
        void *attached = malloc(size);
        MPI_Buffer_attach(attached, size);
        MPI_Request req;
        MPI_Ibsend(v, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @ibsend
        v[0] = -1; // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Buffer_detach(&attached, &size);
        free(attached);
    } else if (rank == 1) {
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = v[i];
    }

    MPI_Finalize();
    return 0;
}
