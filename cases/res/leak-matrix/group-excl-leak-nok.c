// GENERATED: cases/gen/res_leaks.cpp
// DESCRIPTION: Each rank creates a group without rank 0 with MPI_Group_excl, and never frees it.
// NPROCS: 2
// EXPECT: error res.leak.group
// EXPECT-AT: create
// TWIN: res/leak-matrix/group-excl-freed-ok
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a group created and never freed as a resource leak (MBI: GroupLeak). Natively completes with Open MPI and MPICH.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int first[1] = {0};
    MPI_Group group;
    MPI_Group_excl(world, 1, first, &group); // @create
    MPI_Group_free(&world);
    int members;
    MPI_Group_size(group, &members);

    MPI_Finalize();
    return 0;
}
