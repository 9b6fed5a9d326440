// DESCRIPTION: Rank 0 and the other ranks call MPI_Gather from different branches of a rank test (rank 0 then checks the gathered array): one MPI_Gather on every rank.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/gather-allgather-branches-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int mine = rank * 2, all[2] = {-1, -1}, failed = 0;
    if (rank == 0) {
        MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
        failed = all[0] != 0 || all[1] != 2;
    } else {
        MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return failed;
}
