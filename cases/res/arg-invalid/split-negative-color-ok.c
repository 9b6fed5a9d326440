// GENERATED: cases/gen/arg_invalid.cpp
// DESCRIPTION: All ranks split MPI_COMM_WORLD, passing rank % 2 as color.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/arg-invalid/split-negative-color-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half); // @call
    MPI_Comm_free(&half);

    MPI_Finalize();
    return errors != 0;
}
