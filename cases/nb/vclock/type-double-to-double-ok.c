// DESCRIPTION: Rank 0 sends two MPI_DOUBLE values that rank 1 receives as two MPI_DOUBLE.
// NPROCS: 2
// EXPECT: ok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        double out[2] = {1.0, 2.0};
        MPI_Send(out, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else {
        double in[2];
        MPI_Recv(in, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        bad = (in[0] != 1.0) | (in[1] != 2.0);
    }
    MPI_Finalize();
    return bad;
}
