// DESCRIPTION: Rank 1 matches a message with MPI_Mprobe, receives it with MPI_Imrecv and completes the request with MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/request/mprobe-imrecv-no-wait-nok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int failed = 0;
    if (rank == 0) {
        int data[4] = {1, 2, 3, 4};
        MPI_Send(data, 4, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int received[4] = {0};
        MPI_Message message;
        MPI_Request request;
        MPI_Mprobe(0, 5, MPI_COMM_WORLD, &message, MPI_STATUS_IGNORE);
        MPI_Imrecv(received, 4, MPI_INT, &message, &request); // @imrecv
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        for (int i = 0; i < 4; i++)
            failed |= received[i] != i + 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    return failed;
}
