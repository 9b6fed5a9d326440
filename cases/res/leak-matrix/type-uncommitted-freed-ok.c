// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a contiguous datatype that it never commits nor uses, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-uncommitted-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Datatype type;
    MPI_Type_contiguous(2, MPI_INT, &type); // @create
    MPI_Type_free(&type);

    MPI_Finalize();
    return 0;
}
