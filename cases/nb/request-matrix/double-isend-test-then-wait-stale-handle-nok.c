// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 completes an MPI_Isend request through a copy of its handle with an MPI_Test loop and then calls MPI_Wait on the original variable, which still holds the handle of the request that no longer exists.
// NPROCS: 2
// EXPECT: error nb.request.double-completion
// EXPECT-AT: start second
// TWIN: nb/request-matrix/double-isend-test-then-wait-null-handle-ok
// NOTE: MPI-3.1 §3.7.3: completion (or MPI_Request_free) deallocates the request and sets only the handle passed to MPI_REQUEST_NULL; another copy of the handle is then invalid. Natively both MPI implementations return from the call.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = 42;
        MPI_Request req;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start
        MPI_Request table[1] = {req}; /* bookkeeping copy of the handle */
        int done = 0;
        while (!done)
            MPI_Test(&table[0], &done, MPI_STATUS_IGNORE);         // @first
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += ack != 43;
        MPI_Wait(&req, MPI_STATUS_IGNORE);                         // @second
    } else if (rank == 1) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 42;
        int ack = value + 1;
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
