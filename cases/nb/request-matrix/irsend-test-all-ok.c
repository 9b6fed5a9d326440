// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Irsend requests to rank 1 and completes all of them with an MPI_Test polling loop on each request.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/irsend-test-one-pending-nok
#include <mpi.h>

enum { N = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int out[N] = {10, 11, 12};
        MPI_Request reqs[N];
        MPI_Barrier(MPI_COMM_WORLD); /* rank 1 has posted its receives */
        for (int i = 0; i < N; i++)
            MPI_Irsend(&out[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
        for (int i = 0; i < N; i++) {
            int flag = 0;
            while (!flag)
                MPI_Test(&reqs[i], &flag, MPI_STATUS_IGNORE);                // @complete
        }
    } else if (rank == 1) {
        int in[N];
        MPI_Request reqs[N];
        MPI_Status statuses[N];
        for (int i = 0; i < N; i++)
            MPI_Irecv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Waitall(N, reqs, statuses);
        for (int i = 0; i < N; i++)
            errors += in[i] != 10 + i;
    }

    MPI_Finalize();
    return errors != 0;
}
