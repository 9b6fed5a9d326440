// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_FLOAT with MPI_Send and rank 0 receives 2 MPI_FLOAT with MPI_Recv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/type-float2-to-double1-send-recv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        float in[2];
        MPI_Recv(in, 2, MPI_FLOAT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += (in[0] != 7.0f) | (in[1] != 8.0f); /* | not ||: both received values are read */
    } else if (rank == 1) {
        float out[2] = {7.0f, 8.0f};
        MPI_Send(out, 2, MPI_FLOAT, 0, 0, MPI_COMM_WORLD);                   // @send
    }

    MPI_Finalize();
    return errors != 0;
}
