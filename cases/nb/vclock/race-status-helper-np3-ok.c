// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, whose helper function receives one value with MPI_Recv on MPI_ANY_SOURCE into a local status and returns the value with the status's MPI_SOURCE; rank 0 places each value by its sender.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

static int receive_value(int *from)
{
    int value;
    MPI_Status status;
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
    *from = status.MPI_SOURCE;
    return value;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int k = 0; k < 2; k++) {
            int from;
            int value = receive_value(&from);
            got[from - 1] = value;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return rank == 0 && (got[0] != 1 || got[1] != 2);
}
