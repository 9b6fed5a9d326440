// DESCRIPTION: Rank 1 matches a message with MPI_Mprobe and receives it with MPI_Imrecv, but never completes the MPI_Imrecv request.
// NPROCS: 2
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: imrecv
// TWIN: nb/request/mprobe-imrecv-wait-ok
// ORIGIN: probe of pmpi/vclock generality, 2026-11-29
// NOTE: MPI-3.1 §3.8.3: MPI_Imrecv returns a request like MPI_Irecv, which must be completed by a wait or test (§3.7.3) before MPI_Finalize (§8.7).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int data[4] = {1, 2, 3, 4};
        MPI_Send(data, 4, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int received[4] = {0};
        MPI_Message message;
        MPI_Request request;
        MPI_Mprobe(0, 5, MPI_COMM_WORLD, &message, MPI_STATUS_IGNORE);
        MPI_Imrecv(received, 4, MPI_INT, &message, &request); // @imrecv
    }
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
