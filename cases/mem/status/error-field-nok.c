// DESCRIPTION: Rank 1 reads status.MPI_ERROR after MPI_Recv, a field that single-completion calls leave unset.
// NPROCS: 2
// EXPECT: error mem.status.undefined-error-field
// EXPECT-AT: recv read_error
// TWIN: mem/status/return-code-ok
// NOTE: MPI-3.1 §3.2.5: MPI_RECV, MPI_WAIT and MPI_TEST do not set the MPI_ERROR field (only multiple-completion calls returning MPI_ERR_IN_STATUS do), so it holds whatever the uninitialised status held; the error is in the return code.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int value = rank == 0 ? 1 : 0;
    int failed = 0;
    if (rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Status status;
        int rc = MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &status); // @recv
        int error = status.MPI_ERROR;                                          // @read_error
        failed = value != 1;
        (void)rc;
        (void)error;
    }

    MPI_Finalize();
    return failed;
}
