// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Ibsend requests to rank 1 but completes them with MPI_Wait on each request over a count one short, so the last request is still pending at MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: start complete
// TWIN: nb/request-matrix/ibsend-wait-all-ok
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, before MPI_Finalize.
#include <mpi.h>
#include <stdlib.h>

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
        int attached_size;
        MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &attached_size);
        attached_size = 3 * (attached_size + MPI_BSEND_OVERHEAD);
        char *attached = malloc((size_t)attached_size);
        MPI_Buffer_attach(attached, attached_size);
        for (int i = 0; i < N; i++)
            MPI_Ibsend(&out[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]); // @start
        for (int i = 0; i < N - 1; i++) {
            MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);                           // @complete
        }
        MPI_Buffer_detach(&attached, &attached_size);
        free(attached);
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
