// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a non-commutative reduction op used in MPI_Reduce, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/op-reduce-leak-nok
#include <mpi.h>

/* Adds the ints of `in` to those of `inout`. */
static void add_ints(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; ++i)
        ((int *)inout)[i] += ((int *)in)[i];
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Op op;
    MPI_Op_create(add_ints, 0, &op); // @create
    int value = rank, sum = 0;
    MPI_Reduce(&value, &sum, 1, MPI_INT, op, 0, MPI_COMM_WORLD);
    MPI_Op_free(&op);

    MPI_Finalize();
    return 0;
}
