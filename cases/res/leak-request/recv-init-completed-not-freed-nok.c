// DESCRIPTION: Rank 0 starts and completes a persistent MPI_Recv_init request and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.request
// EXPECT-AT: init
// TWIN: res/leak-request/recv-init-completed-freed-ok
// NOTE: MPI-3.1 3.9: a persistent request stays allocated when its communication completes (it becomes inactive); only MPI_Request_free deallocates it, and every request must be freed before MPI_Finalize.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 42;

    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);

    } else if (rank == 1) {
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    sink = value; /* what rank 0 received is read */
    MPI_Finalize();
    return 0;
}
