// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 checks the return code of MPI_Probe instead of status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/status-error-field-probe-nok
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
        int rc = MPI_Probe(1, 0, MPI_COMM_WORLD, &status); // @call
        MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            errors++;
        errors += status.MPI_SOURCE != 1 || status.MPI_TAG != 0 || value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
