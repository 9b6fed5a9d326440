// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 sends a contiguous type of four ints to rank 1, committed.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/arg-invalid/send-uncommitted-type-nok
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
    if (1)
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
    return errors != 0;
}
