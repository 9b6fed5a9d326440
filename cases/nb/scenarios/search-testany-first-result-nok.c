// DESCRIPTION: Rank 0 asks 3 workers for an answer, takes whichever arrives first through an MPI_Testany loop, and never completes the two other receive requests, which are still active at MPI_Finalize.
// NPROCS: 4
// EXPECT: error nb.request.missing-completion
// EXPECT-AT: start complete
// TWIN: nb/scenarios/search-testany-then-wait-rest-ok
// NOTE: MPI-3.1 §3.7.3 and §8.7: every nonblocking operation must be completed, or its request freed, before MPI_Finalize; an active receive request should not be freed.
#include <mpi.h>

enum { WORKERS = 3 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int errors = 0;

    if (rank == 0) {
        int answers[WORKERS];
        MPI_Request reqs[WORKERS];
        for (int w = 0; w < WORKERS; w++)
            MPI_Irecv(&answers[w], 1, MPI_INT, w + 1, 0, MPI_COMM_WORLD, &reqs[w]); // @start
        int first = -1;
        while (first < 0) {
            int which, flag;
            MPI_Testany(WORKERS, reqs, &which, &flag, MPI_STATUS_IGNORE);       // @complete
            if (flag)
                first = which;
        }
        errors += answers[first] != 10 * (first + 1);
    } else {
        int answer = 10 * rank;
        MPI_Send(&answer, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    (void)errors; /* not checked: the error leaves the data undefined */
    return 0;
}
