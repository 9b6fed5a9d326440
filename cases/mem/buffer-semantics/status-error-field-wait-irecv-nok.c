// GENERATED: cases/gen/mem_buffer_semantics.cpp
// DESCRIPTION: Rank 0 checks status.MPI_ERROR after MPI_Wait on an MPI_Irecv request, a single-completion call that leaves the field undefined.
// NPROCS: 2
// EXPECT: error mem.status.undefined-error-field
// EXPECT-AT: call read
// TWIN: mem/buffer-semantics/status-return-code-wait-irecv-ok
// ORIGIN: S. Fan, semantic memory checking in Open MPI (memchecker), doctoral thesis, section 4.2.3
// NOTE: MPI-3.1 §3.2.5: calls that return one status do not set its MPI_ERROR field (only the multiple-completion calls do, when they return MPI_ERR_IN_STATUS); the error is the return code.
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
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &status);             // @call
        if (status.MPI_ERROR != MPI_SUCCESS) // @read
            errors++;
        errors += status.MPI_SOURCE != 1 || status.MPI_TAG != 0 || value != 42;
    } else if (rank == 1) {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
