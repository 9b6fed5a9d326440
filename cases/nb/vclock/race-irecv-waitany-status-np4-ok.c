// DESCRIPTION: Rank 0 posts three MPI_Irecv on MPI_ANY_SOURCE and completes them with MPI_Waitany, checking each value against the status's MPI_SOURCE; ranks 1-3 send their rank.
// NPROCS: 4
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[3] = {0, 0, 0}, errors = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[3];
        for (int k = 0; k < 3; k++)
            MPI_Irecv(&got[k], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[k]);
        for (int k = 0; k < 3; k++) {
            int which;
            MPI_Status status;
            MPI_Waitany(3, reqs, &which, &status);
            errors += got[which] != status.MPI_SOURCE;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return errors != 0;
}
