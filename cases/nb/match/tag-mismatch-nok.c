// DESCRIPTION: Rank 0 sends with tag 1 while rank 1 receives only tag 2, so the receive can never match and rank 1 blocks forever.
// NPROCS: 2
// EXPECT: error nb.match.tag-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match/tag-match-ok
// TAGS: deadlock
// TIMEOUT: 5
// NOTE: MPI-3.1 §8.7: before MPI_Finalize a process must execute the calls that match operations other processes started; rank 1 never can, so its receive blocks forever.
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
        MPI_Recv(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        failed = value != 1;
    }

    MPI_Finalize();
    return failed;
}
