// DESCRIPTION: Rank 0 takes rank 1's message, then rank 2's, each with MPI_Mprobe on that source and MPI_Mrecv; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            MPI_Message msg;
            MPI_Mprobe(k + 1, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
            MPI_Mrecv(&got[k], 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = rank == 0 && (got[0] != 1 || got[1] != 2);
    MPI_Finalize();
    return failed;
}
