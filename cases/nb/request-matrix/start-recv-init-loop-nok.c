// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 runs a persistent MPI_Recv_init request for 3 rounds but calls MPI_Start again before the previous round has completed, so it starts an active request.
// NPROCS: 2
// EXPECT: error nb.request.persistent-start-active
// EXPECT-AT: init restart
// TWIN: nb/request-matrix/start-recv-init-loop-complete-each-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 §3.9: the request passed to MPI_Start/MPI_Startall must be inactive. Natively MPICH aborts ("already active") while Open MPI runs on.
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
        for (int round = 0; round < ROUNDS; round++)
            MPI_Start(&req);                                           // @restart
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += value != 10 + ROUNDS - 1;
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
