// DESCRIPTION: Rank 0 posts two MPI_Irecv calls, and after MPI_Waitany completed one of them reads that one's buffer.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int in[2] = {-1, -1};
        MPI_Request reqs[2];
        for (int k = 0; k < 2; k++)
            MPI_Irecv(&in[k], 1, MPI_INT, 1, k, MPI_COMM_WORLD, &reqs[k]); // @irecv
        int done;
        MPI_Waitany(2, reqs, &done, MPI_STATUS_IGNORE);
        int first = in[done]; // @load
        MPI_Wait(&reqs[1 - done], MPI_STATUS_IGNORE);
        printf("first %d, then %d\n", first, in[1 - done]);
    } else if (rank == 1) {
        for (int k = 0; k < 2; k++) {
            int v = 10 + k;
            MPI_Send(&v, 1, MPI_INT, 0, k, MPI_COMM_WORLD);
        }
    }

    MPI_Finalize();
    return 0;
}
