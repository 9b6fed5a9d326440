// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Irecv operations in a loop with one request variable and waits only after the loop, so the first two requests are overwritten while active.
// NPROCS: 2
// EXPECT: error nb.request.reuse-active
// EXPECT-AT: post
// TWIN: nb/request-matrix/reuse-irecv-loop-wait-each-ok
#include <mpi.h>

enum { N = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int values[N] = {-1, -1, -1};
        MPI_Request req;
        for (int i = 0; i < N; i++)
            MPI_Irecv(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &req); // @post
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += values[N - 1] != 10 + N - 1;
    } else if (rank == 1) {
        int values[N] = {10, 11, 12};
        for (int i = 0; i < N; i++)
            MPI_Send(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
