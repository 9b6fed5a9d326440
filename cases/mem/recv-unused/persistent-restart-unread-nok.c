// DESCRIPTION: Rank 1 receives 3 rounds into one buffer with a persistent request and reads the buffer only after the last round: the data of the first two rounds is overwritten by the next receive before it is read.
// NPROCS: 2
// EXPECT: error mem.recv.unused
// EXPECT-AT: start
// TWIN: mem/recv-unused/persistent-restart-read-ok
// NOTE: A warning class: legal MPI, but each restart of the receive reuses the buffer while the previous round's data was never read (taxonomy mem.recv.unused: never read before the buffer is reused).
#include <mpi.h>

enum { N = 4, ROUNDS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;
    if (rank == 0) {
        for (int round = 0; round < ROUNDS; round++) {
            int out[N];
            for (int i = 0; i < N; i++)
                out[i] = 10 * round + i;
            MPI_Send(out, N, MPI_INT, 1, 0, MPI_COMM_WORLD);
        }
    } else if (rank == 1) {
        int in[N], sum = 0;
        MPI_Request req;
        MPI_Recv_init(in, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        for (int round = 0; round < ROUNDS; round++) {
            MPI_Start(&req); // @start
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        for (int i = 0; i < N; i++)
            sum += in[i];
        MPI_Request_free(&req);
        errors += sum != 10 * (ROUNDS - 1) * N + N * (N - 1) / 2;
    }
    MPI_Finalize();
    return errors != 0;
}
