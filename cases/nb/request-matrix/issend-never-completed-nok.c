// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts one MPI_Issend and never waits for, tests or frees it, so the request is still active at MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: start
// TWIN: nb/request-matrix/issend-wait-ok nb/request-matrix/issend-free-after-ack-ok
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, before MPI_Finalize.
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
        MPI_Issend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @start
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += ack != 43;
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
