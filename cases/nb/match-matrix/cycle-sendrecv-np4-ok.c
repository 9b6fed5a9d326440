// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Each of 4 ranks in a ring exchanges values with its neighbours in one MPI_Sendrecv.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/match-matrix/cycle-ssend-first-np4-nok
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
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 0, &theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @send @recv
    errors += theirs != 100 + left;

    MPI_Finalize();
    return errors != 0;
}
