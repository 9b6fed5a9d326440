// DESCRIPTION: Each rank creates a window, takes its group with MPI_Win_get_group and counts its members, and frees the window but never the group.
// NPROCS: 2
// EXPECT: error res.leak.group
// EXPECT-AT: create
// TWIN: res/leak-matrix/win-get-group-freed-ok
// ORIGIN: interposition of every communicator and datatype constructor, 2026-11-29
// NOTE: MPI-3.1 does not itself forbid unfreed handles at MPI_Finalize; the taxonomy counts a group created and never freed as a resource leak (MBI: GroupLeak). MPI_Win_get_group (§11.2.6) returns a new group the caller must free.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int values[4] = {0, 0, 0, 0};
    MPI_Win win;
    MPI_Win_create(values, sizeof values, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group group;
    MPI_Win_get_group(win, &group); // @create
    int members = 0;
    MPI_Group_size(group, &members);
    MPI_Win_free(&win);

    MPI_Finalize();
    return members != 2;
}
