// DESCRIPTION: Rank 0 sends with tag 1 and rank 1 receives with tag 1.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match/tag-mismatch-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    int failed = 0;
    if (rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); // @send
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        failed = value != 1;
    }

    MPI_Finalize();
    return failed;
}
