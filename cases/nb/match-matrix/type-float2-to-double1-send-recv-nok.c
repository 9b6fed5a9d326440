// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_FLOAT with MPI_Send and rank 0 receives 1 MPI_DOUBLE with MPI_Recv; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match-matrix/type-float2-to-float2-send-recv-ok
// NOTE: MPI-3.1 §3.3.1: the type signatures of send and receive must match; basic types match only by identical names (MPI_BYTE matches only MPI_BYTE, MPI_PACKED aside).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        double in;
        MPI_Recv(&in, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // @recv
        errors += in != 7.5;
    } else if (rank == 1) {
        float out[2] = {7.0f, 8.0f};
        MPI_Send(out, 2, MPI_FLOAT, 0, 0, MPI_COMM_WORLD);                     // @send
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
