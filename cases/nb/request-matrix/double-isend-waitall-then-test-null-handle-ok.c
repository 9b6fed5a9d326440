// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 completes an MPI_Isend request through a copy of its handle with MPI_Waitall and calls MPI_Test again on that same copy, which is MPI_REQUEST_NULL by then, so the call returns at once.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/double-isend-waitall-then-test-stale-handle-nok
// NOTE: MPI-3.1 §3.7.3: MPI_Wait and MPI_Test accept MPI_REQUEST_NULL and return at once with an empty status.
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
        MPI_Status statuses[1];
        MPI_Waitall(1, table, statuses);                           // @first
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += ack != 43;
        int flag;
        MPI_Test(&table[0], &flag, MPI_STATUS_IGNORE);             // @second
        errors += !flag;
    } else if (rank == 1) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 42;
        int ack = value + 1;
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
