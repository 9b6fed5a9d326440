// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 0 sends four ints to rank 1 with MPI_Send, passing MPI_COMM_WORLD as communicator.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/arg-invalid/send-comm-null-nok
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
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD); // @call
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            errors += data[i] != i + 1;
    }

    MPI_Finalize();
    return errors != 0;
}
