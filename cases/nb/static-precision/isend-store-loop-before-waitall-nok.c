// DESCRIPTION: Rank 0 sends the first half of an array with MPI_Isend and then refills the whole array in a loop before MPI_Wait, overwriting element 0 of the pending send.
// NPROCS: 2
// EXPECT: error nb.buffer.send-write
// EXPECT-AT: isend store
// TWIN: nb/static-precision/isend-store-upper-half-ok
// NOTE: MPI-3.1 §3.7.2: the send buffer must not be modified until the send completes.
#include <mpi.h>

static volatile float sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    float field[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(field, 4, MPI_FLOAT, 1, 0, MPI_COMM_WORLD, &request); // @isend
        field[0] = -1.0f;                                               // @store
        for (int i = 4; i < 8; i++)
            field[i] = 2.0f * field[i];
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(field, 4, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            sink = field[i];
    }
    MPI_Finalize();
    return 0;
}
