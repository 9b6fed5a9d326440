// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 runs a persistent MPI_Ssend_init request for 2 rounds but calls MPI_Start again before the previous round has completed, so it starts an active request.
// NPROCS: 2
// EXPECT: error nb.request.persistent-start-active
// EXPECT-AT: init restart
// TWIN: nb/request-matrix/start-ssend-init-twice-complete-each-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 §3.9: the request passed to MPI_Start/MPI_Startall must be inactive. Natively MPICH aborts ("already active") while Open MPI runs on.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = 10;
        MPI_Request req;
        MPI_Ssend_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        MPI_Start(&req);                                                // @restart
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int round = 0; round < 2; round++) {
            int value;
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += value != 10;
        }
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
