// DESCRIPTION: Ranks 0 and 1 make a communicator of their pair with MPI_Comm_create_group and broadcast on it, each naming itself as the root.
// NPROCS: 3
// EXPECT: error coll.arg.root-mismatch
// EXPECT-AT: bcast
// TWIN: coll/arg/create-group-bcast-root-match-ok
// TIMEOUT: 10
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §5.4: root must have identical values on all processes; MPI_Comm_create_group (§6.4.2) is collective only over the group, so rank 2 does not call it. The bcast line runs on ranks 0 and 1.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    const int members[2] = {0, 1};
    MPI_Group world_group, pair_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 2, members, &pair_group);
    if (rank < 2) {
        MPI_Comm pair;
        MPI_Comm_create_group(MPI_COMM_WORLD, pair_group, 7, &pair);
        int pair_rank;
        MPI_Comm_rank(pair, &pair_rank);
        int value = pair_rank;
        MPI_Bcast(&value, 1, MPI_INT, pair_rank, pair); // @bcast
        MPI_Comm_free(&pair);
    }
    MPI_Group_free(&pair_group);
    MPI_Group_free(&world_group);

    MPI_Finalize();
    return 0;
}
