// DESCRIPTION: Rank 1 starts a persistent receive (MPI_Recv_init, MPI_Start) in a loop and reads the buffer after MPI_Wait completed each round.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

static volatile double sink; /* received values are loaded here: read, nothing decided on them */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    double v[4] = {0};
    double total = 0;
    if (rank == 0) {
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 4; i++)
                v[i] = round + i;
            MPI_Send(v, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
        }
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Recv_init(v, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
        for (int round = 0; round < 3; round++) {
            MPI_Start(&req); // @start
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            for (int i = 0; i < 4; i++)
                sink = v[i];
            total += v[0]; // @load
        }
        MPI_Request_free(&req);
        printf("total %g\n", total);
    }

    MPI_Finalize();
    return 0;
}
