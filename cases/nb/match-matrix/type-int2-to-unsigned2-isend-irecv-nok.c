// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_INT with MPI_Isend and rank 0 receives 2 MPI_UNSIGNED with MPI_Irecv; the type signatures do not match.
// NPROCS: 2
// EXPECT: error nb.match.type-mismatch
// EXPECT-AT: send recv
// TWIN: nb/match-matrix/type-int2-to-int2-isend-irecv-ok
// NOTE: MPI-3.1 §3.3.1: the type signatures of send and receive must match; basic types match only by identical names (MPI_BYTE matches only MPI_BYTE, MPI_PACKED aside).
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        unsigned in[2];
        MPI_Request req;
        MPI_Irecv(in, 2, MPI_UNSIGNED, 1, 0, MPI_COMM_WORLD, &req); // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += (in[0] != 7u) | (in[1] != 8u); /* | not ||: both received values are read */
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Request req;
        MPI_Isend(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);     // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
