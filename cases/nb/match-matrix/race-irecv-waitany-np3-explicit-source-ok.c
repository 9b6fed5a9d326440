// GENERATED: cases/gen/nb_match_matrix.cpp
// DESCRIPTION: Ranks 1-2 each send their rank to rank 0, which receives them with MPI_Irecv requests completed by MPI_Waitany naming the source of each, so the k-th value comes from rank k+1.
// NPROCS: 3
// EXPECT: ok
// TWIN: nb/match-matrix/race-irecv-waitany-np3-any-source-nok
#include <mpi.h>

enum { SENDERS = 2 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int from[SENDERS];
        MPI_Request reqs[SENDERS];
        for (int k = 0; k < SENDERS; k++)
            MPI_Irecv(&from[k], 1, MPI_INT, k + 1, 0, MPI_COMM_WORLD, &reqs[k]); // @recv
        for (int done = 0; done < SENDERS; done++) {
            int which;
            MPI_Status status;
            MPI_Waitany(SENDERS, reqs, &which, &status);
            errors += from[which] != which + 1; /* assumes slot which holds rank which + 1 */
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);                       // @send
    }

    MPI_Finalize();
    return errors != 0;
}
