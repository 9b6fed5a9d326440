// DESCRIPTION: Rank 0 puts four data values into rank 1's window and then sets a flag there with an atomic MPI_Accumulate, without flushing in between; rank 1 polls the flag and loads the data once it is set, but the data put may still be in flight.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// EXPECT-AT: data load
// TWIN: rma/scenarios/notify-flag-flushed-ok
// RUNS: 3
// NOTE: MPI-3.1 11.7.2: a put and a later accumulate of one origin are not ordered, so seeing the flag does not mean the data has arrived; the polling loop always ends because the flag is eventually set.
#include <mpi.h>
#include <stddef.h>

#define DATA 4
#define FLAG DATA

static volatile int sink; /* loaded values land here so loads are kept */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[DATA + 1] = {0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);

    if (rank == 0) {
        int data[DATA] = {1, 2, 3, 4}, one = 1;
        MPI_Put(data, DATA, MPI_INT, 1, 0, DATA, MPI_INT, win);  // @data
        MPI_Accumulate(&one, 1, MPI_INT, 1, FLAG, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_flush(1, win);
    } else {
        int flag = 0;
        while (flag == 0) {
            MPI_Fetch_and_op(NULL, &flag, MPI_INT, 1, FLAG, MPI_NO_OP, win);
            MPI_Win_flush(1, win);
        }
        MPI_Win_sync(win);
        for (int i = 0; i < DATA; i++)
            sink = window[i];  // @load
    }

    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
