// DESCRIPTION: With MPI_THREAD_FUNNELED, a worker thread computes a value and the main thread sums it with MPI_Allreduce after joining the worker.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/thread/funneled-worker-calls-nok
// NOTE: MPI-3.1 §12.4.3: with MPI_THREAD_FUNNELED the process may be multithreaded as long as only the main thread calls MPI. Needs -pthread where libpthread is separate.
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

struct work {
    int rank;
    int contribution;
};

/* Computes this rank's contribution; no MPI calls. */
static void *compute(void *arg)
{
    struct work *w = arg;
    w->contribution = 2 * w->rank;
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
    int sum = 0;
    MPI_Allreduce(&w.contribution, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); // @allreduce

    MPI_Finalize();
    return sum != 2;
}
