// DESCRIPTION: The ranks find the smallest value and its rank with MPI_MINLOC in MPI_Allreduce; rank 0 passes its (value, rank) pair as MPI_2INT, rank 1 as MPI_FLOAT_INT (the same size, another signature).
// NPROCS: 2
// EXPECT: error coll.arg.type-mismatch
// EXPECT-AT: ints floats
// TWIN: coll/arg/allreduce-minloc-2int-vs-float-int-ok
// ORIGIN: pair types split into their parts in the interposition layer's signatures, 2026-11-29
// NOTE: MPI-3.1 §5.9.1: the type signatures of count, datatype must be the same at all processes of a reduction; §5.9.4 makes MPI_2INT a pair of ints and MPI_FLOAT_INT a float and an int.
#include <mpi.h>

struct float_int {
    float value;
    int rank;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int mine[2] = {10, rank}, least[2];
        MPI_Allreduce(mine, least, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD); // @ints
    } else {
        struct float_int mine = {20.0f, rank}, least;
        MPI_Allreduce(&mine, &least, 1, MPI_FLOAT_INT, MPI_MINLOC, MPI_COMM_WORLD); // @floats
    }

    MPI_Finalize();
    return 0;
}
