// DESCRIPTION: With MPI_THREAD_FUNNELED, a worker thread (not the main thread) calls MPI_Allreduce while the main thread waits for it.
// NPROCS: 2
// EXPECT: error res.thread.level-violation
// EXPECT-AT: init allreduce
// TWIN: res/thread/funneled-main-calls-ok
// NOTE: MPI-3.1 §12.4.3: with MPI_THREAD_FUNNELED only the main thread may make MPI calls, even when no two calls overlap. Both Open MPI and MPICH provide exactly the requested level. Needs -pthread where libpthread is separate. Natively completes with Open MPI and MPICH.
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

struct work {
    int rank;
    int sum;
};

/* Computes this rank's contribution and sums it over all ranks. */
static void *compute(void *arg)
{
    struct work *w = arg;
    int contribution = 2 * w->rank;
    MPI_Allreduce(&contribution, &w->sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided); // @init
    if (provided < MPI_THREAD_FUNNELED)
        MPI_Abort(MPI_COMM_WORLD, 1);
    struct work w = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);

    pthread_t worker;
    pthread_create(&worker, NULL, compute, &w);
    pthread_join(worker, NULL);

    MPI_Finalize();
    return w.sum != 2;
}
