// DESCRIPTION: Rank 0 receives every other int with a vector datatype (MPI_Irecv) and, while the receive is pending, writes the ints between them, which are not part of the receive buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: mem/valgrind-pending/irecv-vector-block-write-nok
// NOTE: MPI-3.1 §3.7.2, §4.1: the receive buffer is the type map's bytes; the holes of a vector datatype are not part of it.
#include <mpi.h>

enum { N = 4 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype every_other;
    MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int errors = 0;
    if (rank == 0) {
        int in[2 * N] = {0};
        MPI_Request req;
        MPI_Irecv(in, 1, every_other, 1, 0, MPI_COMM_WORLD, &req); // @irecv
        in[1] = -1;                                                   // @store
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < N; i++)
            errors += in[2 * i] != 10 + i;
    } else if (rank == 1) {
        int out[N] = {10, 11, 12, 13};
        MPI_Send(out, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Type_free(&every_other);
    MPI_Finalize();
    return errors != 0;
}
