// DESCRIPTION: Rank 1 receives into the payload field of a struct with MPI_Irecv and writes the struct's header field, outside the receive buffer, while the receive is pending.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/static-precision/irecv-struct-payload-nok
// NOTE: The receive buffer is the payload field only (2 ints); the header is another part of the struct.
#include <mpi.h>

struct message {
    int header;
    int payload[2];
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct message m = {0, {4, 5}};
    int failed = 0;
    if (rank == 0) {
        MPI_Send(m.payload, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        m.payload[0] = m.payload[1] = 0;
        MPI_Irecv(m.payload, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
        m.header = 2;
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        failed = m.header != 2 || m.payload[0] != 4 || m.payload[1] != 5;
    }
    MPI_Finalize();
    return failed;
}
