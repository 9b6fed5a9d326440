// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 creates a persistent MPI_Ssend_init request and waits for it without ever starting it, so rank 1 blocks forever in a receive that no send matches.
// NPROCS: 2
// EXPECT: error nb.request.persistent-missing-start
// EXPECT-AT: init complete
// TWIN: nb/request-matrix/missing-start-ssend-init-wait-started-ok
// TIMEOUT: 10
// TAGS: deadlock
// NOTE: Completing an inactive persistent request is legal and returns at once (MPI-3.1 §3.7.3, §3.9); the message rank 1 waits for is never sent, so both MPI implementations hang.
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
        MPI_Wait(&req, MPI_STATUS_IGNORE);                              // @complete
        MPI_Request_free(&req);
    } else if (rank == 1) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 10;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
