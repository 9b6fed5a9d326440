// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 runs a persistent MPI_Bsend_init request for 2 rounds but calls MPI_Start again before the previous round has completed, so it starts an active request.
// NPROCS: 2
// EXPECT: error nb.request.persistent-start-active
// EXPECT-AT: init restart
// TWIN: nb/request-matrix/start-bsend-init-twice-complete-each-ok
// TAGS: crash-mpich
// NOTE: MPI-3.1 §3.9: the request passed to MPI_Start/MPI_Startall must be inactive. Natively MPICH aborts ("already active") while Open MPI runs on.
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int attached_size;
        MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &attached_size);
        attached_size = 2 * (attached_size + MPI_BSEND_OVERHEAD);
        char *attached = malloc((size_t)attached_size);
        MPI_Buffer_attach(attached, attached_size);
        int value = 10;
        MPI_Request req;
        MPI_Bsend_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @init
        MPI_Start(&req);
        MPI_Start(&req);                                                // @restart
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
        MPI_Buffer_detach(&attached, &attached_size);
        free(attached);
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
