// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Irecv requests from rank 1 and completes all of them with an MPI_Testsome polling loop.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/irecv-testsome-one-pending-nok
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
        for (int done = 0; done < N;) {
            int completed, indices[N];
            MPI_Status statuses[N];
            MPI_Testsome(N, reqs, &completed, indices, statuses);          // @complete
            for (int k = 0; k < completed; k++)
                errors += in[indices[k]] != 10 + indices[k];
            done += completed;
        }
    } else if (rank == 1) {
        int out[N] = {10, 11, 12};
        for (int i = 0; i < N; i++)
            MPI_Send(&out[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
