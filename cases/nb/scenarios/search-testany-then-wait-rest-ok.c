// DESCRIPTION: Rank 0 asks 3 workers for an answer, takes whichever arrives first through an MPI_Testany loop, and then completes the remaining receives with MPI_Waitall before using all answers.
// NPROCS: 4
// EXPECT: ok
// TWIN: nb/scenarios/search-testany-first-result-nok
// NOTE: MPI_Waitall accepts the request MPI_Testany already completed: it is MPI_REQUEST_NULL by then (MPI-3.1 §3.7.5).
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
        MPI_Status statuses[WORKERS];
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
        MPI_Waitall(WORKERS, reqs, statuses);
        for (int w = 0; w < WORKERS; w++)
            errors += answers[w] != 10 * (w + 1);
    } else {
        int answer = 10 * rank;
        MPI_Send(&answer, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return errors != 0;
}
