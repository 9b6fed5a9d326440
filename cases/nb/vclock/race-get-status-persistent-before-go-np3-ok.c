// DESCRIPTION: Rank 0 starts a persistent receive on MPI_ANY_SOURCE twice; each time it polls MPI_Request_get_status until the receive is complete (and once more), and tells rank 2 to send only after the first receive completed: each start has one possible sender, rank 1 then rank 2.
// NPROCS: 3
// EXPECT: ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status sets flag = true when the operation is complete, without freeing or deactivating the request; the MPI_Wait after it completes the same operation, not a second one.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, x = 0, got[2] = {0, 0}, go = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        for (int k = 0; k < 2; k++) {
            int done = 0;
            MPI_Start(&req);
            while (!done)
                MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
            MPI_Request_get_status(req, &done, MPI_STATUS_IGNORE);
            if (k == 0) MPI_Send(&go, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            got[k] = x;
        }
        MPI_Request_free(&req);
    } else {
        if (rank == 2) MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = (rank == 0 && (got[0] != 1 || got[1] != 2)) || (rank == 2 && go != 1);
    MPI_Finalize();
    return failed;
}
