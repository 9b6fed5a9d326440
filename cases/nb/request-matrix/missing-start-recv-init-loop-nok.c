// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 creates a persistent MPI_Recv_init request and waits for it in each of 3 rounds but starts it only before the first round, so it reads data that was never received and rank 1's message is never matched.
// NPROCS: 2
// EXPECT: error nb.request.persistent-missing-start
// EXPECT-AT: init complete
// TWIN: nb/request-matrix/missing-start-recv-init-loop-started-ok
// NOTE: Completing an inactive persistent request is itself legal and returns at once (MPI-3.1 §3.7.3, §3.9); the error is that the program relies on a transfer that never happened: rank 0 never posts the receive matching a message rank 1 sent to it, which MPI-3.1 §8.7 requires before MPI_Finalize, and it reads a receive buffer MPI never filled.
#include <mpi.h>

enum { ROUNDS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        for (int round = 0; round < ROUNDS; round++) {
            MPI_Wait(&req, MPI_STATUS_IGNORE);                         // @complete
            errors += value != 10 + round;
        }
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int round = 0; round < ROUNDS; round++) {
            int value = 10 + round;
            MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
