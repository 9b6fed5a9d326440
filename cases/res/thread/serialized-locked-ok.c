// DESCRIPTION: With MPI_THREAD_SERIALIZED, two threads of each rank call MPI_Allreduce, each on a communicator of its own, one at a time under a mutex.
// NPROCS: 2
// EXPECT: ok
// TWIN: res/thread/serialized-concurrent-nok
// NOTE: MPI-3.1 §12.4.3: with MPI_THREAD_SERIALIZED any thread may call MPI as long as the calls never overlap. Needs -pthread where libpthread is separate.
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

enum { ROUNDS = 1000 };

/* Both threads enter their loops together, so their calls overlap. */
static pthread_barrier_t start;

static pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;

/* Sums a value over the communicator passed in, many times. */
static void *reduce_often(void *arg)
{
    MPI_Comm comm = *(MPI_Comm *)arg;
    int value = 1, sum = 0;
    pthread_barrier_wait(&start);
    for (int i = 0; i < ROUNDS; ++i) {
        pthread_mutex_lock(&mpi_lock); /* one MPI call at a time */
        MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, comm); // @allreduce
        pthread_mutex_unlock(&mpi_lock);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided); // @init
    if (provided < MPI_THREAD_SERIALIZED)
        MPI_Abort(MPI_COMM_WORLD, 1);

    MPI_Comm comms[2];
    MPI_Comm_dup(MPI_COMM_SELF, &comms[0]);
    MPI_Comm_dup(MPI_COMM_SELF, &comms[1]);
    pthread_t threads[2];
    pthread_barrier_init(&start, NULL, 2);
    for (int t = 0; t < 2; ++t)
        pthread_create(&threads[t], NULL, reduce_often, &comms[t]);
    for (int t = 0; t < 2; ++t)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start);
    MPI_Comm_free(&comms[0]);
    MPI_Comm_free(&comms[1]);

    MPI_Finalize();
    return 0;
}
