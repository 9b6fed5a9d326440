// DESCRIPTION: Rank 0 starts a persistent send once, completes it with MPI_Wait, and calls MPI_Wait again on the now inactive request before freeing it; rank 1 receives the one message.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/missing-start-send-init-wait-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §3.7.3: MPI_Wait on an inactive request returns at once with an empty status; §3.9: a completed persistent request is inactive, not freed. The twin waits on a request it never started, so rank 1's receive is never matched.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int value = 10;
        MPI_Request request;
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); // @init
        MPI_Start(&request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Wait(&request, MPI_STATUS_IGNORE);                             // @inactive_wait
        MPI_Request_free(&request);
    } else if (rank == 1) {
        int value = 0;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        failed = value != 10;
    }

    MPI_Finalize();
    return failed;
}
