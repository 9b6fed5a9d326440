// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a contiguous datatype that it never commits nor uses, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.datatype
// EXPECT-AT: create
// TWIN: res/leak-matrix/type-uncommitted-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a datatype created and never freed as a resource leak (MBI: DatatypeLeak). Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Datatype type;
    MPI_Type_contiguous(2, MPI_INT, &type); // @create

    MPI_Finalize();
    return 0;
}
