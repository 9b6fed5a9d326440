// DESCRIPTION: Rank 0 sends with MPI_Isend and never completes the request before MPI_Finalize.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
// TWIN: nb/request/isend-wait-ok
// TAGS: smoke
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking request must be completed (or freed) before MPI_Finalize.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); // @isend
    } else {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    int failed = value != 1;
    MPI_Finalize();
    return failed;
}
