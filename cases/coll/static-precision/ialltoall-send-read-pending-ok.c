// DESCRIPTION: Every rank reads its own block of the send buffer of a pending MPI_Ialltoall (reading is allowed) and the receive buffer after MPI_Wait.
// NPROCS: 2
// EXPECT: ok
// TWIN: coll/static-precision/ialltoall-recv-read-pending-nok
// NOTE: MPI-3.1 §5.12: a pending collective's send buffer may be read, not modified.
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int out[2] = {rank * 10, rank * 10 + 1}, in[2] = {-1, -1};
    MPI_Request request;
    MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD, &request);
    int seen = out[0];
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    int failed = seen != rank * 10 || in[0] != rank || in[1] != 10 + rank;
    MPI_Finalize();
    return failed;
}
