// DESCRIPTION: Rank 0 receives with a persistent request made by MPI_Recv_init for tag 1, started by MPI_Start and completed by MPI_Wait; rank 1 sends with tag 1, which the started receive matches.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/vclock/persistent-recv-wrong-tag-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, value = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv_init(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Start(&req);                   // @start
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
    } else if (rank == 1) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); // @send
    }
    const int failed = rank == 0 && value != 42;
    MPI_Finalize();
    return failed;
}
