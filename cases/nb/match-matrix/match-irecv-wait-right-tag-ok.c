// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends one int with tag 1 on MPI_COMM_WORLD and rank 0 waits for it with MPI_Irecv and MPI_Wait on tag 1.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/match-irecv-wait-wrong-tag-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);        // @send
    }

    MPI_Finalize();
    return errors != 0;
}
