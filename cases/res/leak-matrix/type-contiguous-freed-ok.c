// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a contiguous datatype of 4 ints, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-contiguous-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[4] = {0, 0, 0, 0};
    MPI_Datatype type;
    MPI_Type_contiguous(4, MPI_INT, &type); // @create
    MPI_Type_commit(&type);
    MPI_Bcast(values, 1, type, 0, MPI_COMM_WORLD);
    MPI_Type_free(&type);

    MPI_Finalize();
    return 0;
}
