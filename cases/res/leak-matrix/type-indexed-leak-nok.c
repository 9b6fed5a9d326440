// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates an indexed datatype of the first and the last int, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.datatype
// EXPECT-AT: create
// TWIN: res/leak-matrix/type-indexed-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a datatype created and never freed as a resource leak (MBI: DatatypeLeak). Natively completes with Open MPI and MPICH.
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

    MPI_Finalize();
    return 0;
}
