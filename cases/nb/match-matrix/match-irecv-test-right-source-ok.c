// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends one int with tag 1 on MPI_COMM_WORLD and rank 0 waits for it with MPI_Irecv and an MPI_Test loop from rank 1 (rank 2 takes no part).
// NPROCS: 3
// EXPECT: ok
// TWIN: nb/match-matrix/match-irecv-test-wrong-source-nok
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
        int flag = 0;
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        errors += value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);        // @send
    }

    MPI_Finalize();
    return errors != 0;
}
