// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 checks the return code of MPI_Sendrecv instead of status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/status-error-field-sendrecv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = -1;
        MPI_Status status;
        int token = 5;
        int rc = MPI_Sendrecv(&token, 1, MPI_INT, 1, 1, &value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &status); // @call
        if (rc != MPI_SUCCESS)
            errors++;
        errors += status.MPI_SOURCE != 1 || status.MPI_TAG != 0 || value != 42;
    } else if (rank == 1) {
        int value = 42, token;
        MPI_Sendrecv(&value, 1, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += token != 5;
    }

    MPI_Finalize();
    return errors != 0;
}
