// DESCRIPTION: Rank 1 polls its MPI_Irecv once with MPI_Test and reads the receive buffer although the test returned flag = 0 (the sender sends only after a barrier that follows the read).
// NPROCS: 2
// EXPECT: error nb.buffer.recv-access
// EXPECT-AT: irecv load
// TWIN: nb/local-access/irecv-test-set-flag-load-ok
// NOTE: MPI-3.1 §3.7.3: MPI_Test with flag = 0 completes nothing; the receive buffer must not be accessed until a test returns flag = 1 or a wait returns.
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = -1, seen = -1;
    if (rank == 0) {
        value = 42;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        int flag = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @irecv
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        seen = value; // @load
        MPI_Barrier(MPI_COMM_WORLD);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        printf("seen %d, received %d\n", seen, value);
    }

    MPI_Finalize();
    return 0;
}
