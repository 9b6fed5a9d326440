// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 creates a persistent MPI_Send_init request and waits for it in each of 3 rounds, starting it in every round.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/missing-start-send-init-loop-nok
#include <mpi.h>

enum { ROUNDS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = 10;
        MPI_Request req;
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        for (int round = 0; round < ROUNDS; round++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);                         // @complete
        }
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int round = 0; round < ROUNDS; round++) {
            int value;
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += value != 10;
        }
    }

    MPI_Finalize();
    return errors != 0;
}
