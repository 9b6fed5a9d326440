// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Issend requests to rank 1 but completes them with an MPI_Testall polling loop over a count one short, so the last request is still pending at MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: start complete
// TWIN: nb/request-matrix/issend-testall-all-ok
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, before MPI_Finalize.
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
        for (int i = 0; i < N; i++)
            MPI_Issend(&out[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
        MPI_Status statuses[N];
        int flag = 0;
        while (!flag)
            MPI_Testall(N - 1, reqs, &flag, statuses);                       // @complete
    } else if (rank == 1) {
        int in[N];
        for (int i = 0; i < N; i++) {
            MPI_Recv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errors += in[i] != 10 + i;
        }
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
