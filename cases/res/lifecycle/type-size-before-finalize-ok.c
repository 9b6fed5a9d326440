// DESCRIPTION: Each process asks for the size of MPI_INT with MPI_Type_size and then finalizes MPI.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/lifecycle/type-size-after-finalize-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);

    int size = 0;
    MPI_Type_size(MPI_INT, &size); // @size
    MPI_Finalize();
    return size != (int)sizeof(int);
}
