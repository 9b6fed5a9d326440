// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: Rank 1 receives four ints from rank 0 with MPI_Recv, passing 0 as source.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/arg-invalid/recv-source-out-of-range-nok
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
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @call
        for (int i = 0; i < 4; i++)
            errors += data[i] != i + 1;
    }

    MPI_Finalize();
    return errors != 0;
}
