// GENERATED: cases/gen/nb_request_matrix.cpp
// DESCRIPTION: Rank 0 starts 3 MPI_Ibsend requests to rank 1 and completes all of them with MPI_Waitall.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request-matrix/ibsend-waitall-one-pending-nok
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
        MPI_Status statuses[N];
        MPI_Waitall(N, reqs, statuses);                                      // @complete
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
    return errors != 0;
}
