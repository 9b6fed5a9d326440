// DESCRIPTION: The even ranks create a communicator of their group with MPI_Comm_create_group and free it.
// NPROCS: 4
// EXPECT: ok
// TWIN: res/leak-matrix/comm-create-group-leak-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int evens[32], n = 0;
    for (int r = 0; r < size; r += 2)
        evens[n++] = r;
    MPI_Group world, even_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n, evens, &even_group);
    MPI_Comm comm = MPI_COMM_NULL;
    if (rank % 2 == 0)
        MPI_Comm_create_group(MPI_COMM_WORLD, even_group, 0, &comm); // @create
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
    MPI_Group_free(&even_group);
    MPI_Group_free(&world);

    MPI_Finalize();
    return 0;
}
