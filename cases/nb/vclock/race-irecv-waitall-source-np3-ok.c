// DESCRIPTION: Rank 0 posts MPI_Irecv from rank 1 and from rank 2 and completes them with MPI_Waitall; ranks 1 and 2 send.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[2];
        for (int k = 0; k < 2; k++)
            MPI_Irecv(&got[k], 1, MPI_INT, k + 1, 0, MPI_COMM_WORLD, &reqs[k]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    const int failed = rank == 0 && (got[0] != 1 || got[1] != 2);
    MPI_Finalize();
    return failed;
}
