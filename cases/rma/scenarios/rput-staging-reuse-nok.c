// DESCRIPTION: Rank 0 streams four chunks to rank 1 with MPI_Rput from one staging buffer and refills the buffer for the next chunk while the previous chunk's MPI_Rput is still pending (requests are completed only at the end).
// NPROCS: 2
// EXPECT: error rma.local.origin-write-during-put
// EXPECT-AT: rput refill
// TWIN: rma/scenarios/rput-staging-wait-ok rma/scenarios/rput-double-buffer-ok
// NOTE: MPI-3.1 11.3.5: the origin buffer of MPI_Rput may be reused only after the request completes.
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
        }
        MPI_Waitall(CHUNKS, requests, MPI_STATUSES_IGNORE);
        MPI_Win_unlock_all(win);
    }

    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
