// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts MPI_Isend and then MPI_Irecv with the same request variable while the first is still active, so the first request is lost and never completed.
// NPROCS: 2
// EXPECT: error nb.request.reuse-active
// EXPECT-AT: first reuse
// TWIN: nb/request-matrix/reuse-isend-then-irecv-wait-between-ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int first = 10, second = -1;
        MPI_Request req;
        MPI_Isend(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);  // @first
        MPI_Irecv(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req); // @reuse
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += second != 20;
    } else if (rank == 1) {
        int first;
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += first != 10;
        int second = 20;
        MPI_Send(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
