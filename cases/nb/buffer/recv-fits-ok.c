// DESCRIPTION: Rank 0 sends two ints and rank 1 receives them with a count of two.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/buffer/truncation-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[2] = {0, 0};
    int failed = 0;
    if (rank == 0) {
        values[0] = 1;
        values[1] = 2;
        MPI_Send(values, 2, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
    } else {
        MPI_Recv(values, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        failed = values[0] != 1 || values[1] != 2;
    }

    MPI_Finalize();
    return failed;
}
