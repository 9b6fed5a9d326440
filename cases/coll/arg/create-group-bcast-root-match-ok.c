// DESCRIPTION: Ranks 0 and 1 make a communicator of their pair with MPI_Comm_create_group and broadcast on it, both naming its rank 0 as the root.
// NPROCS: 3
// EXPECT: ok
// TWIN: coll/arg/create-group-bcast-root-mismatch-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    const int members[2] = {0, 1};
    int failed = 0;
    MPI_Group world_group, pair_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 2, members, &pair_group);
    if (rank < 2) {
        MPI_Comm pair;
        MPI_Comm_create_group(MPI_COMM_WORLD, pair_group, 7, &pair);
        int pair_rank;
        MPI_Comm_rank(pair, &pair_rank);
        int value = pair_rank == 0 ? 7 : 0;
        MPI_Bcast(&value, 1, MPI_INT, 0, pair); // @bcast
        failed = value != 7;
        MPI_Comm_free(&pair);
    }
    MPI_Group_free(&pair_group);
    MPI_Group_free(&world_group);

    MPI_Finalize();
    return failed;
}
