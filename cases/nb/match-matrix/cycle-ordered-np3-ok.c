// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Each of 3 ranks in a ring calls MPI_Ssend then MPI_Recv on rank 0 and MPI_Recv then MPI_Ssend on the other ranks, so the chain unwinds from rank 0.
// NPROCS: 3
// EXPECT: ok
// TWIN: nb/match-matrix/cycle-ssend-first-np3-nok nb/match-matrix/cycle-recv-first-np3-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int mine = 100 + rank, theirs = -1;
    if (rank == 0) {
        MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);                    // @send
        MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
    } else {
        MPI_Recv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    errors += theirs != 100 + left;

    MPI_Finalize();
    return errors != 0;
}
