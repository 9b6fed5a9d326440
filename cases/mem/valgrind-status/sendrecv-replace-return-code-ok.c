// DESCRIPTION: Rank 0 checks the return code of MPI_Sendrecv_replace instead of status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-status/sendrecv-replace-error-field-nok
// NOTE: MPI-3.1 §3.2.5: calls that return a single status do not set its MPI_ERROR field; the error is the return code.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        int value = 0, rc = MPI_SUCCESS;
        MPI_Status status;
        int other = 1;
        rc = MPI_Sendrecv_replace(&value, 1, MPI_INT, MPI_PROC_NULL, 0, other, 0, MPI_COMM_WORLD, &status); // @call
        if (rc != MPI_SUCCESS)                 // @read
            errors++;
        errors += value != 42;
        (void)rc;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
