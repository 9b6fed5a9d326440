// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends one int with tag 1 on MPI_COMM_WORLD and rank 0 waits for it with MPI_Recv on MPI_ANY_TAG.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/match-recv-wrong-tag-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Recv(&value, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);                              // @send
    }

    MPI_Finalize();
    return errors != 0;
}
