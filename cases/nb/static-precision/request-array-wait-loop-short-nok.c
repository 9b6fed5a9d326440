// DESCRIPTION: Rank 1 starts four MPI_Irecv into a request array but its completion loop waits only for the first three (an off-by-one bound).
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: irecv
// TWIN: nb/static-precision/request-array-wait-loop-ok
// NOTE: MPI-3.1 §3.7.3: a nonblocking request must be completed (or freed); the last one never is.
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int values[4] = {10, 11, 12, 13};
    if (rank == 0) {
        for (int i = 0; i < 4; i++)
            MPI_Send(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request requests[4];
        for (int i = 0; i < 4; i++)
            MPI_Irecv(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &requests[i]); // @irecv
        for (int i = 0; i < 3; i++)
            MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
        for (int i = 0; i < 3; i++)
            sink = values[i];
    }
    MPI_Finalize();
    return 0;
}
