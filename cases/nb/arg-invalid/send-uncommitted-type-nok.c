// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 sends a contiguous type of four ints to rank 1, never committed: a datatype must be committed before it is used in communication.
// NPROCS: 2
// EXPECT: error nb.arg.invalid
// EXPECT-AT: call
// TWIN: nb/arg-invalid/send-uncommitted-type-ok
// TIMEOUT: 10
// TAGS: crash
// NOTE: MPI-3.1 3.2.2-3.2.4: dest and source are ranks of the communicator (or MPI_PROC_NULL, MPI_ANY_SOURCE), count is non-negative, the datatype is committed, the communicator is valid; MPI raises the error on the communicator (MPI_COMM_WORLD for MPI_COMM_NULL), whose default handler aborts.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int data[4] = {1, 2, 3, 4};
    MPI_Datatype four;
    MPI_Type_contiguous(4, MPI_INT, &four);
    if (0)
        MPI_Type_commit(&four);
    if (rank == 0) {
        MPI_Send(data, 1, four, 1, 0, MPI_COMM_WORLD); // @call
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += data[i] != i + 1;
    }
    MPI_Type_free(&four);

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
