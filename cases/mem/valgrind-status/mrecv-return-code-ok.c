// DESCRIPTION: Rank 0 checks the return code of MPI_Mrecv instead of status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-status/mrecv-error-field-nok
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
        MPI_Message message;
        MPI_Mprobe(1, 0, MPI_COMM_WORLD, &message, MPI_STATUS_IGNORE);
        rc = MPI_Mrecv(&value, 1, MPI_INT, &message, &status); // @call
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
