// GENERATED: cases/gen/coll_roots.cpp
// DESCRIPTION: All ranks call MPI_Scatter on MPI_COMM_WORLD with root -1, which is not a rank of the intracommunicator.
// NPROCS: 2
// EXPECT: error coll.arg.invalid
// EXPECT-AT: call
// TWIN: coll/invalid-root/scatter-last-rank-ok
// TIMEOUT: 10
// TAGS: crash
// NOTE: MPI-3.1 5.2.2 and 5.4-5.9: on an intracommunicator the root must be a rank of the group (0 .. size-1); MPI_ROOT and MPI_PROC_NULL are root values of intercommunicators only.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int send[4] = {rank, rank, rank, rank}, recv[4] = {0, 0, 0, 0};
    int counts[4] = {1, 1, 1, 1}, displs[4] = {0, 1, 2, 3};
    MPI_Scatter(send, 1, MPI_INT, recv, 1, MPI_INT, -1, MPI_COMM_WORLD); // @call
    (void)counts; (void)displs; (void)recv;

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
