// DESCRIPTION: Rank 0 hands a token to ranks 1-3 in turn and takes each one's reply with MPI_Recv on MPI_ANY_SOURCE before handing on: every reply is sent after the previous wildcard receive, so each has one possible sender.
// NPROCS: 4
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[3] = {0, 0, 0}, token = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 3; k++) {
            MPI_Send(&token, 1, MPI_INT, k + 1, 1, MPI_COMM_WORLD);
            MPI_Recv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = (rank == 0 && (got[0] != 1 || got[1] != 2 || got[2] != 3)) || (rank != 0 && token != 1);
    MPI_Finalize();
    return failed;
}
