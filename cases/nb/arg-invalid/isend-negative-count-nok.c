// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 sends four ints to rank 1 with MPI_Isend, passing -4 as count: a count must not be negative.
// NPROCS: 2
// EXPECT: error nb.arg.invalid
// EXPECT-AT: call
// TWIN: nb/arg-invalid/isend-negative-count-ok
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

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int data[4] = {1, 2, 3, 4};
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(data, -4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); // @call
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += data[i] != i + 1;
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
