// DESCRIPTION: Ranks 1-3 each send their rank to rank 0, which posts three MPI_Irecv on MPI_ANY_SOURCE, completes them with MPI_Waitall, reads the first two statuses' MPI_SOURCE and deduces the third sender.
// NPROCS: 4
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, errors = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int from[3];
        MPI_Request reqs[3];
        MPI_Status statuses[3];
        for (int k = 0; k < 3; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]);
        MPI_Waitall(3, reqs, statuses);
        int first = statuses[0].MPI_SOURCE;
        int second = statuses[1].MPI_SOURCE;
        int third = 6 - first - second;
        errors = (from[0] != first) | (from[1] != second) | (from[2] != third); /* | reads all three */
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errors;
}
