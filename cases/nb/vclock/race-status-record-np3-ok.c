// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Recv on MPI_ANY_SOURCE, copies each status into a record with the value, and later places each value by the record's copy of MPI_SOURCE.
// NPROCS: 3
// EXPECT: ok
#include <mpi.h>

struct arrival {
    int value;
    MPI_Status status;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, got[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        struct arrival log[2];
        for (int k = 0; k < 2; k++) {
            MPI_Status status;
            MPI_Recv(&log[k].value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            log[k].status = status;
        }
        for (int k = 0; k < 2; k++)
            got[log[k].status.MPI_SOURCE - 1] = log[k].value;
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return rank == 0 && (got[0] != 1 || got[1] != 2);
}
