// DESCRIPTION: Rank 0 starts a persistent send (MPI_Send_init, MPI_Start) and stores into its buffer after MPI_Wait completed each round.
// NPROCS: 2
// EXPECT: ok
// NOTE: MPI-3.1 §3.9: a started persistent send is a nonblocking send (§3.7.2): its buffer must not be modified until it completes.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int buf[4] = {0, 0, 0, 0};
    MPI_Request req;
    if (rank == 0) {
        MPI_Send_init(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (int step = 0; step < 2; step++) {
            MPI_Start(&req); // @start
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            buf[0] = step + 1; // @store
        }
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int step = 0; step < 2; step++) {
            MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int i = 0; i < 4; i++)
                sink = buf[i];
        }
    }

    MPI_Finalize();
    return 0;
}
