// DESCRIPTION: Rank 1 checks the return code of MPI_Recv rather than status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/status/error-field-nok
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
        int error = rc;                                                        // @read_error
        failed = value != 1 || error != MPI_SUCCESS;
    }

    MPI_Finalize();
    return failed;
}
