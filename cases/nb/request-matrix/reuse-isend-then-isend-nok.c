// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts MPI_Isend and then MPI_Isend with the same request variable while the first is still active, so the first request is lost and never completed.
// NPROCS: 2
// EXPECT: error nb.request.reuse-active
// EXPECT-AT: first reuse
// TWIN: nb/request-matrix/reuse-isend-then-isend-wait-between-ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int first = 10, second = 20;
        MPI_Request req;
        MPI_Isend(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);  // @first
        MPI_Isend(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req); // @reuse
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        int first;
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += first != 10;
        int second;
        MPI_Recv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += second != 20;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
