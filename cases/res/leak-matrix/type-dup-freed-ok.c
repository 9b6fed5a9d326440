// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a duplicate of MPI_INT with MPI_Type_dup, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-dup-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[1] = {0};
    MPI_Datatype type;
    MPI_Type_dup(MPI_INT, &type); // @create
    MPI_Bcast(values, 1, type, 0, MPI_COMM_WORLD);
    MPI_Type_free(&type);

    MPI_Finalize();
    return 0;
}
