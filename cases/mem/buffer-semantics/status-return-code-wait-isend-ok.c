// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 checks the return code of MPI_Wait on an MPI_Isend request instead of status.MPI_ERROR.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/buffer-semantics/status-error-field-wait-isend-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int value = 42;
        MPI_Status status;
        MPI_Request req;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        int rc = MPI_Wait(&req, &status); // @call
        if (rc != MPI_SUCCESS)
            errors++;
    } else if (rank == 1) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errors += value != 42;
    }

    MPI_Finalize();
    return errors != 0;
}
