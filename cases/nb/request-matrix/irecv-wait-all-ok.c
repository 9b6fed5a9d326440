// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Irecv requests from rank 1 and completes all of them with MPI_Wait on each request.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/irecv-wait-one-pending-nok
#include <mpi.h>

enum { N = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[N];
        MPI_Request reqs[N];
        for (int i = 0; i < N; i++)
            MPI_Irecv(&in[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
        for (int i = 0; i < N; i++) {
            MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);                         // @complete
            errors += in[i] != 10 + i;
        }
    } else if (rank == 1) {
        int out[N] = {10, 11, 12};
        for (int i = 0; i < N; i++)
            MPI_Send(&out[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
