// DESCRIPTION: Rank 0 streams four chunks to rank 1 with MPI_Rput from one staging buffer and waits for each chunk's request before refilling the buffer.
// NPROCS: 2
// EXPECT: ok
// TWIN: rma/scenarios/rput-staging-reuse-nok
#include <mpi.h>

#define CHUNK 2
#define CHUNKS 4

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int window[CHUNK * CHUNKS] = {0};
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int staging[CHUNK];
        MPI_Request requests[CHUNKS];
        MPI_Win_lock_all(0, win);
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            for (int i = 0; i < CHUNK; i++)
                staging[i] = chunk * CHUNK + i;  // @refill
            MPI_Rput(staging, CHUNK, MPI_INT, 1, chunk * CHUNK, CHUNK, MPI_INT, win, &requests[chunk]);  // @rput
            MPI_Wait(&requests[chunk], MPI_STATUS_IGNORE);
        }
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
