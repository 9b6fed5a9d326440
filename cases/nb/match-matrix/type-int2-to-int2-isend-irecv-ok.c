// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Rank 1 sends 2 MPI_INT with MPI_Isend and rank 0 receives 2 MPI_INT with MPI_Irecv; the type signatures match.
// NPROCS: 2
// EXPECT: ok
// TWIN: nb/match-matrix/type-int2-to-float2-isend-irecv-nok nb/match-matrix/type-int2-to-unsigned2-isend-irecv-nok nb/match-matrix/type-int2-to-byte8-isend-irecv-nok nb/match-matrix/type-byte8-to-int2-isend-irecv-nok
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int in[2];
        MPI_Request req;
        MPI_Irecv(in, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);  // @recv
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errors += (in[0] != 7) | (in[1] != 8); /* | not ||: both received values are read */
    } else if (rank == 1) {
        int out[2] = {7, 8};
        MPI_Request req;
        MPI_Isend(out, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // @send
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    return errors != 0;
}
