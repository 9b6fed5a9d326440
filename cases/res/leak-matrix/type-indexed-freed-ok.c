// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates an indexed datatype of the first and the last int, and frees it before MPI_Finalize.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/leak-matrix/type-indexed-leak-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[4] = {0, 0, 0, 0};
    int lengths[2] = {1, 1}, displs[2] = {0, 3};
    MPI_Datatype type;
    MPI_Type_indexed(2, lengths, displs, MPI_INT, &type); // @create
    MPI_Type_commit(&type);
    MPI_Bcast(values, 1, type, 0, MPI_COMM_WORLD);
    MPI_Type_free(&type);

    MPI_Finalize();
    return 0;
}
