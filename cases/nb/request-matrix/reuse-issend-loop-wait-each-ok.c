// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Issend operations in a loop with one request variable and waits for each before the next.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/reuse-issend-loop-nok
#include <mpi.h>

enum { N = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int values[N] = {10, 11, 12};
        MPI_Request req;
        for (int i = 0; i < N; i++) {
            MPI_Issend(&values[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &req); // @post
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
    } else if (rank == 1) {
        int values[N];
        for (int i = 0; i < N; i++) {
            MPI_Recv(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += values[i] != 10 + i;
        }
    }

    MPI_Finalize();
    return errors != 0;
}
