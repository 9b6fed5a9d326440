// DESCRIPTION: Rank 0 sends two ints and rank 1 receives them with a count of one.
// NPROCS: 2
// EXPECT: error nb.buffer.truncation
// EXPECT-AT: send recv
// TWIN: nb/buffer/recv-fits-ok
// TAGS: crash smoke
// TIMEOUT: 10
// NOTE: MPI-3.1 §3.2.4: a message longer than the receive buffer is an overflow error (MPI_ERR_TRUNCATE); MPI_COMM_WORLD's default handler MPI_ERRORS_ARE_FATAL aborts the job on both MPIs.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int values[2] = {0, 0};
    int failed = 0;
    if (rank == 0) {
        values[0] = 1;
        values[1] = 2;
        MPI_Send(values, 2, MPI_INT, 1, 0, MPI_COMM_WORLD); // @send
    } else {
        MPI_Recv(values, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        failed = values[0] != 1;
    }

    MPI_Finalize();
    return failed;
}
