// DESCRIPTION: Rank 0 hands its MPI_Isend request to a helper that only queries it with MPI_Request_get_status, which never completes or frees it; the request is never completed.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: isend
// TWIN: nb/static-precision/wait-helper-completes-ok
// NOTE: MPI-3.1 §3.7.3: MPI_Request_get_status does not deallocate or deactivate the request; every request must be completed or freed (§3.7.3, §8.7).
#include <mpi.h>

static volatile int sink; /* received values are loaded here: read, nothing decided on them */

static int query(MPI_Request *request)
{
    int flag = 0;
    MPI_Request_get_status(*request, &flag, MPI_STATUS_IGNORE);
    return flag;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 3;
    if (rank == 0) {
        MPI_Request request;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); // @isend
        (void)query(&request);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        sink = value;
    }
    MPI_Finalize();
    return 0;
}
