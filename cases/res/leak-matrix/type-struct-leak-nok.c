// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a struct datatype of an int and a float, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.datatype
// EXPECT-AT: create
// TWIN: res/leak-matrix/type-struct-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a datatype created and never freed as a resource leak (MBI: DatatypeLeak). Natively completes with Open MPI and MPICH.
#include <mpi.h>
#include <stddef.h>

struct sample {
    int id;
    float value;
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    struct sample values[1] = {{0, 0.0f}};
    int lengths[2] = {1, 1};
    MPI_Aint displs[2] = {offsetof(struct sample, id), offsetof(struct sample, value)};
    MPI_Datatype fields[2] = {MPI_INT, MPI_FLOAT};
    MPI_Datatype type;
    MPI_Type_create_struct(2, lengths, displs, fields, &type); // @create
    MPI_Type_commit(&type);
    MPI_Bcast(values, 1, type, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
