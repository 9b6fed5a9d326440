// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Each of 4 ranks in a ring posts MPI_Irecv from its left neighbour, then calls MPI_Ssend to its right one and MPI_Wait.
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
    MPI_Request req;
    MPI_Irecv(&theirs, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &req); // @recv
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);        // @send
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errors += theirs != 100 + left;

    MPI_Finalize();
    return errors != 0;
}
